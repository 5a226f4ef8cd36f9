/**
 * Trims openapi-typescript's `paths` interface: the operations' comments (the client's methods say
 * them) and the `?: never` members for what a path item does not have.
 */

/** The methods of a path item, whose properties openapi-typescript comments with the operation's. */
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * Removes the comments openapi-typescript writes on each operation in `paths` (its summary,
 * description and `@deprecated`): the client's method comment says the same (GitHub's REST types:
 * 0.6 MB twice over), and `paths` is only indexed, never hovered. Comments inside the
 * operations (parameters, bodies, responses) stay: they are said nowhere else.
 */
export function dropOperationComments(
  ts: typeof import("typescript"),
  nodes: readonly import("typescript").Node[],
): void {
  const paths = nodes.find((node) => ts.isInterfaceDeclaration(node) && ts.idText(node.name) === "paths");
  if (paths === undefined || !ts.isInterfaceDeclaration(paths)) return;
  for (const path of paths.members) {
    if (!ts.isPropertySignature(path) || path.type === undefined || !ts.isTypeLiteralNode(path.type))
      continue;
    for (const method of path.type.members) {
      if (
        ts.isPropertySignature(method) &&
        ts.isIdentifier(method.name) &&
        METHODS.has(ts.idText(method.name))
      ) {
        ts.setSyntheticLeadingComments(method, undefined);
      }
    }
  }
}

/**
 * Removes from each path item of `paths` the members openapi-typescript writes as `?: never` for what
 * the path does not have (`put?: never` for each method it lacks, `query?: never` for each place with
 * no path-level parameter), and a `parameters` left empty: a missing member says the same, nothing
 * indexes them (the operations' types index the methods a path has), and they were a twentieth of
 * GitHub's REST types (0.17 MB).
 */
export function dropAbsentMembers(ts: typeof import("typescript"), nodes: import("typescript").Node[]): void {
  const at = nodes.findIndex((node) => ts.isInterfaceDeclaration(node) && ts.idText(node.name) === "paths");
  const paths = nodes[at];
  if (paths === undefined || !ts.isInterfaceDeclaration(paths)) return;
  const { factory } = ts;
  const absent = (member: import("typescript").TypeElement) =>
    ts.isPropertySignature(member) &&
    member.questionToken !== undefined &&
    member.type?.kind === ts.SyntaxKind.NeverKeyword;
  const kept = (members: readonly import("typescript").TypeElement[]) =>
    members.flatMap((member) => {
      if (absent(member)) return [];
      if (!ts.isPropertySignature(member) || member.type === undefined || !ts.isTypeLiteralNode(member.type))
        return [member];
      const inner = member.type.members.filter((m) => !absent(m));
      if (inner.length === member.type.members.length) return [member];
      if (inner.length === 0 && ts.isIdentifier(member.name) && ts.idText(member.name) === "parameters")
        return [];
      const type = factory.updateTypeLiteralNode(member.type, factory.createNodeArray(inner));
      return [
        factory.updatePropertySignature(member, member.modifiers, member.name, member.questionToken, type),
      ];
    });
  const items = paths.members.map((path) => {
    if (!ts.isPropertySignature(path) || path.type === undefined || !ts.isTypeLiteralNode(path.type))
      return path;
    const type = factory.updateTypeLiteralNode(path.type, factory.createNodeArray(kept(path.type.members)));
    return factory.updatePropertySignature(path, path.modifiers, path.name, path.questionToken, type);
  });
  nodes[at] = factory.updateInterfaceDeclaration(
    paths,
    paths.modifiers,
    paths.name,
    paths.typeParameters,
    paths.heritageClauses,
    items,
  );
}
