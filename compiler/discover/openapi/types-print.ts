/**
 * Prints openapi-typescript's nodes as `spec-types.ts` is written: indented by tabs, comments tidied
 * (types-comments.ts). A long list of members (the `paths`, `operations` and `components.schemas`
 * of a large API) is printed a member at a time, each piece indented and tidied on its own, and
 * each statement is let go of once printed. Printed at once, the module was one string built of
 * millions of pieces, alive to the end and then copied twice more: for Microsoft Graph (11,000
 * operations) the types worker's heap grew from 430 to 780 MB while printing, beside the whole
 * AST. A piece's garbage now dies young, and the AST shrinks as the text grows.
 */
import { tidyComments } from "./types-comments.js";

type TS = typeof import("typescript");
type Node = import("typescript").Node;
type TypeElement = import("typescript").TypeElement;

/** Lists of at least this many members are printed a member at a time; shorter ones whole. */
export const PRINTED_APART = 32;

/** Stands in for a list's members when what holds them is printed, so the text around them is the printer's own. */
const PLACEHOLDER = "__unitc_members__";

/** A node still to print at a depth of indentation, or text already printed. */
type Item = { node: Node; depth: number } | string;

/**
 * The text of `statements`, which it empties: each is let go of once printed, unless `keep` says
 * to keep it (returned in `kept`, in order).
 */
export function printTypes(
  ts: TS,
  statements: Node[],
  keep: (node: Node) => boolean,
): { text: string; kept: Node[] } {
  const file = ts.createSourceFile("spec-types.ts", "", ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS);
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
  const print = (node: Node) => printer.printNode(ts.EmitHint.Unspecified, node, file);
  const kept = statements.filter(keep);
  // A stack, so that a node printed is held by nothing here.
  const stack: Item[] = statements
    .splice(0)
    .reverse()
    .flatMap((node) => ["\n", { node, depth: 0 }]);
  const pieces: string[] = [];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item === "string") {
      pieces.push(item);
      continue;
    }
    const members = membersOf(ts, item.node);
    if (members === undefined || members.length < PRINTED_APART) {
      pieces.push(written(print(item.node), item.depth));
      continue;
    }
    const { head, tail, depth } = around(ts, print, item.node, item.depth);
    stack.push(tail);
    for (let at = members.length - 1; at >= 0; at--) {
      stack.push("\n", { node: members[at] as TypeElement, depth: item.depth + depth });
    }
    stack.push(head);
  }
  return { text: pieces.join(""), kept };
}

/** The members of an interface, or of a property whose type is an object literal. */
function membersOf(ts: TS, node: Node): readonly TypeElement[] | undefined {
  if (ts.isInterfaceDeclaration(node)) return node.members;
  if (ts.isPropertySignature(node) && node.type !== undefined && ts.isTypeLiteralNode(node.type))
    return node.type.members;
  return undefined;
}

/**
 * `node` printed with one placeholder member: the text before its members (ending at a line's
 * start), after them (from the next line), and the members' depth inside it.
 */
function around(
  ts: TS,
  print: (node: Node) => string,
  node: Node,
  depth: number,
): { head: string; tail: string; depth: number } {
  const { factory } = ts;
  const placeholder = factory.createPropertySignature(
    undefined,
    PLACEHOLDER,
    undefined,
    factory.createKeywordTypeNode(ts.SyntaxKind.NeverKeyword),
  );
  const only = factory.createNodeArray([placeholder]);
  let shell: Node;
  if (ts.isInterfaceDeclaration(node)) {
    shell = factory.updateInterfaceDeclaration(
      node,
      node.modifiers,
      node.name,
      node.typeParameters,
      node.heritageClauses,
      only,
    );
  } else {
    const property = node as import("typescript").PropertySignature;
    const type = factory.updateTypeLiteralNode(property.type as import("typescript").TypeLiteralNode, only);
    shell = factory.updatePropertySignature(
      property,
      property.modifiers,
      property.name,
      property.questionToken,
      type,
    );
  }
  const text = print(shell);
  const at = text.indexOf(PLACEHOLDER);
  const lineStart = text.lastIndexOf("\n", at) + 1;
  return {
    head: written(text.slice(0, lineStart), depth),
    tail: written(text.slice(text.indexOf("\n", at) + 1), depth),
    // The printer indents by four spaces a level.
    depth: (at - lineStart) / 4,
  };
}

/** Printed text at `depth`: its own four-space levels as tabs, comments tidied, `depth` tabs before each line. */
function written(printed: string, depth: number): string {
  const text = tidyComments(indentByTabs(printed));
  return depth === 0 ? text : text.replace(/^(?=.)/gm, "\t".repeat(depth));
}

/**
 * The printer's text with each level of its four-space indentation as one tab: for a large API the
 * indentation is a third of the module (GitHub's REST types: 2.2 of 6.5 MB). Only the leading run of
 * spaces changes (a comment line keeps the space before its star); the printer writes no string that
 * spans lines, so no value changes.
 */
export function indentByTabs(text: string): string {
  return text.replace(/^((?: {4})+)/gm, (spaces) => "\t".repeat(spaces.length / 4));
}
