/**
 * Which component schemas of a types module can hold types that do not compile, found from its
 * syntax alone: the ones on a cycle of references (`components["schemas"]["A"]` inside B, B inside
 * A). A type that refers back to itself through a union or an array is what TypeScript rejects in
 * openapi-typescript's output (TS2502, "referenced directly or indirectly in its own type
 * annotation"); a schema on no cycle resolves without meeting itself. types-check.ts checks only
 * these schemas, and every schema they reach, when the whole module is too large to check cheaply.
 */
type TS = typeof import("typescript");
type Node = import("typescript").Node;
type TypeElement = import("typescript").TypeElement;

/** The names a module declares; a schema that refers to any but `components["schemas"]` is not judged here. */
const DECLARED = new Set(["paths", "webhooks", "components", "$defs", "operations"]);

/**
 * The members of `components.schemas` in `statements` that lie on a cycle of references, with every
 * member they reach, in module order; `undefined` when a member refers to another part of the module
 * (the caller then checks the whole module).
 */
export function schemasOnCycles(ts: TS, statements: readonly Node[]): TypeElement[] | undefined {
  const members = schemaMembers(ts, statements);
  const names = new Map<string, number>();
  for (const [at, member] of members.entries()) {
    const name = member.name === undefined ? undefined : literalText(ts, member.name);
    if (name !== undefined) names.set(name, at);
  }
  const edges: number[][] = [];
  for (const member of members) {
    const targets = schemaRefs(ts, member);
    if (targets === undefined) return undefined;
    edges.push(targets.flatMap((name) => names.get(name) ?? []));
  }
  const reached = reach(edges, onCycles(edges));
  return members.filter((_, at) => reached[at]);
}

/** The members of the `schemas` property of the `components` interface (none without one). */
function schemaMembers(ts: TS, statements: readonly Node[]): readonly TypeElement[] {
  for (const statement of statements) {
    if (!ts.isInterfaceDeclaration(statement) || ts.idText(statement.name) !== "components") continue;
    for (const member of statement.members) {
      if (!ts.isPropertySignature(member) || member.type === undefined) continue;
      if (literalText(ts, member.name) === "schemas" && ts.isTypeLiteralNode(member.type))
        return member.type.members;
    }
  }
  return [];
}

/** The schemas `member` names as `components["schemas"]["…"]`; `undefined` when it names anything else. */
function schemaRefs(ts: TS, member: TypeElement): string[] | undefined {
  const found: string[] = [];
  let other = false;
  const visit = (node: Node): void => {
    if (other) return;
    if (ts.isIndexedAccessTypeNode(node)) {
      const target = schemaTarget(ts, node);
      if (target !== undefined) {
        found.push(target);
        return;
      }
    }
    if (
      ts.isTypeReferenceNode(node) &&
      ts.isIdentifier(node.typeName) &&
      DECLARED.has(ts.idText(node.typeName))
    )
      other = true;
    ts.forEachChild(node, visit);
  };
  visit(member);
  return other ? undefined : found;
}

/** `"A"` for `components["schemas"]["A"]`. */
function schemaTarget(ts: TS, node: import("typescript").IndexedAccessTypeNode): string | undefined {
  const inner = node.objectType;
  if (!ts.isIndexedAccessTypeNode(inner) || !ts.isTypeReferenceNode(inner.objectType)) return undefined;
  const base = inner.objectType.typeName;
  if (!ts.isIdentifier(base) || ts.idText(base) !== "components") return undefined;
  if (!ts.isLiteralTypeNode(inner.indexType) || literalText(ts, inner.indexType.literal) !== "schemas")
    return undefined;
  return ts.isLiteralTypeNode(node.indexType) ? literalText(ts, node.indexType.literal) : undefined;
}

function literalText(ts: TS, node: Node): string | undefined {
  if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isNumericLiteral(node)) return node.text;
  return undefined;
}

/**
 * Which nodes of the graph lie on a cycle: Tarjan's strongly connected components, with an explicit
 * stack (a spec's chain of references can be longer than the call stack is deep).
 */
function onCycles(edges: readonly number[][]): boolean[] {
  const count = edges.length;
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const stacked = new Uint8Array(count);
  const stack: number[] = [];
  const cyclic = new Array<boolean>(count).fill(false);
  let next = 0;
  const enter = (node: number) => {
    index[node] = next;
    low[node] = next;
    next++;
    stack.push(node);
    stacked[node] = 1;
  };
  for (let root = 0; root < count; root++) {
    if (index[root] !== -1) continue;
    enter(root);
    const work: [number, number][] = [[root, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1] as [number, number];
      const [node, edge] = frame;
      const out = edges[node] ?? [];
      if (edge < out.length) {
        frame[1] = edge + 1;
        const to = out[edge] as number;
        if (index[to] === -1) {
          enter(to);
          work.push([to, 0]);
        } else if (stacked[to] === 1) low[node] = Math.min(low[node] as number, index[to] as number);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low[parent[0]] = Math.min(low[parent[0]] as number, low[node] as number);
      if (low[node] !== index[node]) continue;
      const component: number[] = [];
      let member: number;
      do {
        member = stack.pop() as number;
        stacked[member] = 0;
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || out.includes(node)) for (const at of component) cyclic[at] = true;
    }
  }
  return cyclic;
}

/** The nodes reachable from the `start` ones, those included. */
function reach(edges: readonly number[][], start: readonly boolean[]): boolean[] {
  const reached = [...start];
  const queue = reached.flatMap((on, at) => (on ? [at] : []));
  while (queue.length > 0) {
    for (const to of edges[queue.pop() as number] ?? []) {
      if (reached[to]) continue;
      reached[to] = true;
      queue.push(to);
    }
  }
  return reached;
}
