/**
 * Type-checks the types module openapi-typescript wrote for a spec, alone, with the TypeScript
 * compiler already loaded to print it: a spec can make it write types that do not compile (a schema
 * intersected with a union that refers back to it, TS2502), and unitc never hands those to a user's
 * build. Each error is traced to the component schema it lies in, so only that schema falls back.
 * Results are remembered by the module's hash: a watch rebuild of an unchanged spec checks nothing.
 */
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";

type TS = typeof import("typescript");

/**
 * Modules larger than this are not checked: checking costs about 2 s a megabyte (GitHub's REST types,
 * 5 MB: 11 s), more than the rest of the compile. The rule in types-document.ts still applies to them.
 */
export const MAX_CHECKED_CHARS = 1_000_000;

/** What the check found: nothing, the schemas holding errors, or an error outside any schema. */
export type TypesCheck = { ok: true } | { schemas: Map<string, string> } | { problem: string };

const FILE = "/spec-types.ts";
const checked = new Map<string, TypesCheck>();
const libFiles = new Map<string, import("typescript").SourceFile>();

/** Checks `text` (skipped, as fine, past {@link MAX_CHECKED_CHARS}). */
export function checkTypesModule(ts: TS, text: string): TypesCheck {
  if (text.length > MAX_CHECKED_CHARS) return { ok: true };
  const hash = createHash("sha256").update(text).digest("hex");
  const known = checked.get(hash);
  if (known !== undefined) return known;
  const result = runCheck(ts, text);
  checked.set(hash, result);
  return result;
}

function runCheck(ts: TS, text: string): TypesCheck {
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es5.d.ts"],
  };
  const libDir = dirname(ts.getDefaultLibFilePath(options));
  const source = ts.createSourceFile(FILE, text, ts.ScriptTarget.ES2022, true);
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
