/**
 * Type-checks the types module openapi-typescript wrote for a spec, alone, with the TypeScript
 * compiler already loaded to print it: a spec can make it write types that do not compile (a schema
 * intersected with a union that refers back to it, TS2502), and unitc never hands those to a user's
 * build. Each error is traced to the component schema it lies in, so only that schema falls back.
 * A large module is checked in part: its schemas on a cycle of references (see schema-cycles.ts).
 * Results are remembered by the module's hash: a watch rebuild of an unchanged spec checks nothing.
 */
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { schemasOnCycles } from "./schema-cycles.js";

type TS = typeof import("typescript");
type Node = import("typescript").Node;

/**
 * Modules up to this size are checked whole. Checking costs about a second of CPU a megabyte
 * (GitHub's REST types, 4 MB: 3 s), so a larger module has only its schemas on a cycle of
 * references checked, with what they reach: the types TypeScript rejects in openapi-typescript's
 * output are all of that kind, and GitHub's has none.
 */
export const WHOLE_CHECK_CHARS = 1_000_000;

/** What the check found: nothing, the schemas holding errors, or an error outside any schema. */
export type TypesCheck = { ok: true } | { schemas: Map<string, string> } | { problem: string };

const FILE = "/spec-types.ts";
const checked = new Map<string, TypesCheck>();
const libFiles = new Map<string, import("typescript").SourceFile>();

/**
 * Checks `text`, whose top-level declarations include `statements` (openapi-typescript's nodes, of
 * which only `components` is read, or the text parsed): whole up to {@link WHOLE_CHECK_CHARS}, past
 * it the schemas on a reference cycle.
 */
export function checkTypesModule(ts: TS, text: string, statements: readonly Node[]): TypesCheck {
  const hash = createHash("sha256").update(text).digest("hex");
  const known = checked.get(hash);
  if (known !== undefined) return known;
  const result =
    text.length <= WHOLE_CHECK_CHARS ? checkWholeModule(ts, text) : checkCycles(ts, text, statements);
  checked.set(hash, result);
  return result;
}

/** The schemas of `statements` on a reference cycle, with what they reach, checked as a module of their own. */
function checkCycles(ts: TS, text: string, statements: readonly Node[]): TypesCheck {
  const members = schemasOnCycles(ts, statements);
  if (members === undefined) return checkWholeModule(ts, text);
  if (members.length === 0) return { ok: true };
  const { factory } = ts;
  const schemas = factory.createPropertySignature(
    undefined,
    "schemas",
    undefined,
    factory.createTypeLiteralNode(members),
  );
  const components = factory.createInterfaceDeclaration(
    [factory.createModifier(ts.SyntaxKind.ExportKeyword)],
    "components",
    undefined,
    undefined,
    [schemas],
  );
  // Parsed members print from their file's text; openapi-typescript's own print from themselves.
  const file =
    statements[0]?.getSourceFile() ?? ts.createSourceFile("fragment.ts", "", ts.ScriptTarget.ES2022);
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: true });
  return checkWholeModule(ts, printer.printNode(ts.EmitHint.Unspecified, components, file));
}

/** Checks all of `text`, whatever its size, remembering nothing. */
export function checkWholeModule(ts: TS, text: string): TypesCheck {
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es5.d.ts"],
  };
  const libDir = dirname(ts.getDefaultLibFilePath(options));
  // Comments say nothing to the checker: not parsing them as JSDoc saves about a quarter of the parse.
  const source = ts.createSourceFile(
    FILE,
    text,
    { languageVersion: ts.ScriptTarget.ES2022, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    true,
  );
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    if (name === FILE) return source;
    // The lib is parsed once per process: it is the same for every module checked.
    let lib = libFiles.get(name);
    if (lib === undefined) {
      lib = getSourceFile(name, version);
      if (lib !== undefined) libFiles.set(name, lib);
    }
    return lib;
  };
  host.getDefaultLibLocation = () => libDir;
  host.getDefaultLibFileName = () => join(libDir, "lib.es5.d.ts");
  const program = ts.createProgram([FILE], options, host);
  const errors = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  if (errors.length === 0) return { ok: true };
  const schemas = new Map<string, string>();
  for (const error of errors) {
    const message = `TS${error.code}: ${ts.flattenDiagnosticMessageText(error.messageText, " ")}`;
    const name = error.start === undefined ? undefined : schemaAt(ts, source, error.start);
    if (name === undefined) return { problem: message };
    if (!schemas.has(name)) schemas.set(name, message);
  }
  return { schemas };
}

/** The name of the `components["schemas"]` member whose declaration holds `position`. */
function schemaAt(ts: TS, source: import("typescript").SourceFile, position: number): string | undefined {
  const inside = (node: import("typescript").Node) =>
    node.getStart(source) <= position && position < node.end;
  const member = (members: readonly import("typescript").TypeElement[], name: string) =>
    members.find((m) => ts.isPropertySignature(m) && propertyName(ts, m.name) === name && inside(m));
  const components = source.statements.find(
    (s) => ts.isInterfaceDeclaration(s) && ts.idText(s.name) === "components" && inside(s),
  );
  if (components === undefined || !ts.isInterfaceDeclaration(components)) return undefined;
  const schemas = member(components.members, "schemas");
  if (schemas === undefined || !ts.isPropertySignature(schemas) || schemas.type === undefined)
    return undefined;
  if (!ts.isTypeLiteralNode(schemas.type)) return undefined;
  const found = schemas.type.members.find((m) => inside(m));
  return found?.name === undefined ? undefined : propertyName(ts, found.name);
}

function propertyName(ts: TS, name: import("typescript").PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}
