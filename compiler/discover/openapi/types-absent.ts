/**
 * Leaves out of openapi-typescript's `operations` (and of `components.responses`) what an operation
 * or a response does not have: `query?: never` for each parameter place with no parameter, a
 * `parameters` left empty, `requestBody?: never`, a response's `content?: never`, and a response's
 * `headers: { [name: string]: unknown }` when it declares no header. A missing member says the same;
 * nothing indexes them (the operations' types in `types.ts` index only the groups, body and media
 * types an operation has), and they were 0.18 MB of GitHub's REST types. Headers a response declares
 * stay, with their index signature.
 */
import type * as TS from "typescript";

type Ts = typeof import("typescript");

/** `nodes` with the `operations` interface and `components.responses` trimmed (see the file comment). */
export function dropAbsentInOperations(ts: Ts, nodes: TS.Node[]): void {
  const trim = new Trim(ts);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (node === undefined || !ts.isInterfaceDeclaration(node)) continue;
    const name = ts.idText(node.name);
    if (name === "operations") nodes[i] = trim.interface(node, (op) => trim.operation(op));
    if (name === "components") {
      nodes[i] = trim.interface(node, (member) =>
        trim.named(member, "responses") ? [trim.literal(member, (r) => [trim.response(r)])] : [member],
      );
    }
  }
}

class Trim {
  readonly #ts: Ts;

  constructor(ts: Ts) {
    this.#ts = ts;
  }

  interface(
    node: TS.InterfaceDeclaration,
    each: (member: TS.TypeElement) => TS.TypeElement[],
  ): TS.InterfaceDeclaration {
    const { factory } = this.#ts;
    const members = node.members.flatMap(each);
    return factory.updateInterfaceDeclaration(
      node,
      node.modifiers,
      node.name,
      node.typeParameters,
      node.heritageClauses,
      members,
    );
  }

  /** An operation: its parameter places, body and responses as it has them. */
  operation(op: TS.TypeElement): TS.TypeElement[] {
    const trimmed = this.literal(op, (member) => {
      if (this.#absent(member)) return [];
      if (this.named(member, "parameters")) {
        const kept = this.literal(member, (place) => (this.#absent(place) ? [] : [place]));
        return this.#isEmpty(kept) ? [] : [kept];
      }
      if (this.named(member, "responses")) return [this.literal(member, (r) => [this.response(r)])];
      return [member];
    });
    return [trimmed];
  }

  /** A response written inline: without `content?: never` and without headers it does not declare. */
  response(response: TS.TypeElement): TS.TypeElement {
    return this.literal(response, (member) =>
      this.#absent(member) || this.#anyHeaders(member) ? [] : [member],
    );
  }

  /** Whether `member` is the property `name`. */
  named(member: TS.TypeElement, name: string): boolean {
    const ts = this.#ts;
    return ts.isPropertySignature(member) && ts.isIdentifier(member.name) && ts.idText(member.name) === name;
  }

  /**
   * `member` with the members of its type literal mapped by `each`; as it is when its type is not a
   * literal (a reference to a component) or nothing changed. Its comment stays (the update keeps it).
   */
  literal(member: TS.TypeElement, each: (inner: TS.TypeElement) => TS.TypeElement[]): TS.TypeElement {
    const ts = this.#ts;
    if (!ts.isPropertySignature(member) || member.type === undefined || !ts.isTypeLiteralNode(member.type))
      return member;
    const before = member.type.members;
    const members = before.flatMap(each);
    if (members.length === before.length && members.every((m, i) => m === before[i])) return member;
    const { factory } = ts;
    const type = factory.updateTypeLiteralNode(member.type, factory.createNodeArray(members));
    return factory.updatePropertySignature(member, member.modifiers, member.name, member.questionToken, type);
  }

  /** `name?: never`: what openapi-typescript writes for a member the operation does not have. */
  #absent(member: TS.TypeElement): boolean {
    const ts = this.#ts;
    return (
      ts.isPropertySignature(member) &&
      member.questionToken !== undefined &&
      member.type?.kind === ts.SyntaxKind.NeverKeyword
    );
  }

  /** `headers: { [name: string]: unknown }`, a response's headers when it declares none. */
  #anyHeaders(member: TS.TypeElement): boolean {
    const ts = this.#ts;
    if (!this.named(member, "headers") || !ts.isPropertySignature(member) || member.type === undefined)
      return false;
    if (!ts.isTypeLiteralNode(member.type) || member.type.members.length !== 1) return false;
    const only = member.type.members[0];
    return (
      only !== undefined &&
      ts.isIndexSignatureDeclaration(only) &&
      only.type.kind === ts.SyntaxKind.UnknownKeyword
    );
  }

  #isEmpty(member: TS.TypeElement): boolean {
    const ts = this.#ts;
    return (
      ts.isPropertySignature(member) &&
      member.type !== undefined &&
      ts.isTypeLiteralNode(member.type) &&
      member.type.members.length === 0
    );
  }
}
