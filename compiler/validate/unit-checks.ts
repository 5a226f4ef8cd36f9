/**
 * What `validate` checks of resolved units beyond their text, so it passes only what `compile` and a
 * first call would accept too: local spec documents exist, a declared inputSchema covers what the
 * templates read (the same rule `compile` applies), and a CLI command can be found (a warning: the
 * machine that serves may differ). It reads the file system (stat only) and runs nothing.
 */
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import {
  createDiagnostic,
  type Diagnostic,
  type DiagnosticCode,
  type SourceLocation,
} from "../codes/diagnostics.js";
import { declaredInputProblems } from "../discover/actions/input.js";
import { joinPointer } from "../load/pointer.js";
import type { ResolvedUnit } from "../resolve/types.js";
import { isObject } from "../shared/backends.js";

/** The local file fields of each backend kind, with the code and hint `compile` reports them with. */
const LOCAL_FILES: Record<string, { field: string; code: DiagnosticCode; hint: string }[]> = {
  openapi: [
    {
      field: "specPath",
      code: "SPEC_UNREADABLE",
      hint: "the path is relative to the file that declares the unit",
    },
  ],
  discovery: [
    {
      field: "discoveryPath",
      code: "SPEC_UNREADABLE",
      hint: "the path is relative to the file that declares the unit",
    },
  ],
  graphql: [
    {
      field: "schemaPath",
      code: "GRAPHQL_SCHEMA_MISSING",
      hint: "point schemaPath at an SDL file or a saved introspection result, relative to the file that declares it",
    },
  ],
};

/** Checks every unit; one unit's problems never hide another's. */
export async function checkUnits(
  units: readonly ResolvedUnit[],
  env: Record<string, string | undefined>,
): Promise<Diagnostic[]> {
  const found = await Promise.all(units.map((unit) => checkUnit(unit, env)));
  return found.flat();
}

async function checkUnit(unit: ResolvedUnit, env: Record<string, string | undefined>): Promise<Diagnostic[]> {
  const { map, backendPointer } = unit.source;
  const at = (pointer: string) => map.locate(`${backendPointer}${pointer}`);
  // The check reads fields by name across kinds, as written (a shallow copy widens the type, no cast).
  const backend: Record<string, unknown> = { ...unit.declared };
  const diagnostics = await localFileProblems(unit, backend, at);
  if (unit.kind === "graphql" && isObject(backend.operations)) {
    diagnostics.push(...(await documentProblems(unit, backend.operations, at)));
  }
  if ((unit.kind === "http" || unit.kind === "cli") && isObject(backend.actions)) {
    diagnostics.push(...(await actionProblems(unit, backend, backend.actions, env)));
  }
  return diagnostics;
}

/** The local spec documents of `unit`'s kind (`specPath`, `discoveryPath`, `schemaPath`) that are no file. */
async function localFileProblems(
  unit: ResolvedUnit,
  backend: Record<string, unknown>,
  at: (pointer: string) => SourceLocation,
): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const { field, code, hint } of LOCAL_FILES[unit.kind] ?? []) {
    const path = backend[field];
    if (typeof path !== "string") continue;
    const problem = await fileProblem(resolve(unit.baseDir, path));
    if (problem)
      diagnostics.push(
        createDiagnostic("error", code, `${field} "${path}" ${problem}`, at(`/${field}`), hint),
      );
  }
  return diagnostics;
}

/** A GraphQL unit's operations whose `documentPath` is no file. */
async function documentProblems(
  unit: ResolvedUnit,
  operations: Record<string, unknown>,
  at: (pointer: string) => SourceLocation,
): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const [name, entry] of Object.entries(operations)) {
    if (!isObject(entry) || typeof entry.documentPath !== "string") continue;
    const problem = await fileProblem(resolve(unit.baseDir, entry.documentPath));
    if (!problem) continue;
    diagnostics.push(
      createDiagnostic(
        "error",
        "GRAPHQL_DOCUMENT_MISSING",
        `documentPath "${entry.documentPath}" ${problem}`,
        at(joinPointer("/operations", name, "documentPath")),
        "point documentPath at a .graphql file, relative to the file that declares it",
      ),
    );
  }
  return diagnostics;
}

/**
 * An HTTP or CLI unit's actions: a declared inputSchema that misses what the templates read, and a
 * CLI command that would not be found (a warning).
 */
async function actionProblems(
  unit: ResolvedUnit & { kind: "http" | "cli" },
  backend: Record<string, unknown>,
  actions: Record<string, unknown>,
  env: Record<string, string | undefined>,
): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  const { map, backendPointer } = unit.source;
  for (const [name, action] of Object.entries(actions)) {
    if (!isObject(action)) continue;
    const pointer = joinPointer("/actions", name);
    for (const p of declaredInputProblems(unit.kind, action)) {
      const where = `${backendPointer}${pointer}${p.pointer}`;
      const location = p.pointer === "/inputSchema" ? map.locateKey(where) : map.locate(where);
      diagnostics.push(createDiagnostic(p.severity, p.code, p.message, location, p.hint));
    }
    if (unit.kind === "cli" && typeof action.command === "string") {
      const cwd = String(action.cwd ?? backend.cwd ?? ".");
      // A PATH the unit sets for its command (perhaps a reference) is the one it is looked up in.
      const ownPath = [action.env, backend.env].some((e) => isObject(e) && Object.hasOwn(e, "PATH"));
      const lookup = ownPath ? {} : env;
      const problem = await commandProblem(action.command, resolve(unit.baseDir, cwd), lookup);
      if (problem)
        diagnostics.push(
          createDiagnostic(
            "warning",
            "COMMAND_NOT_FOUND",
            problem.message,
            map.locate(`${backendPointer}${pointer}/command`),
            problem.hint,
          ),
        );
    }
  }
  return diagnostics;
}

/** Why `file` cannot serve as a document, or undefined when it is a file. */
async function fileProblem(file: string): Promise<string | undefined> {
  try {
    return (await stat(file)).isFile() ? undefined : "is not a file";
  } catch {
    return "does not exist";
  }
}

/**
 * Why `command` would not start: a path (absolute, or relative to the action's working folder as the
 * process sees it) that is no executable file, or a bare name on no folder of PATH.
 */
async function commandProblem(
  command: string,
  cwd: string,
  env: Record<string, string | undefined>,
): Promise<{ message: string; hint: string } | undefined> {
  if (command.includes("/") || command.includes("\\")) {
    const file = isAbsolute(command) ? command : resolve(cwd, command);
    if (await isExecutable(file)) return undefined;
    return {
      message: `command "${command}" is not an executable file`,
      hint: "fix the path (a relative command is relative to the action's cwd), or make the file executable",
    };
  }
  // Without a PATH to read (an embedding that passes no environment) there is nothing to check.
  if (env.PATH === undefined) return undefined;
  const folders = env.PATH.split(delimiter).filter(Boolean);
  const extensions = process.platform === "win32" ? (env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""];
  for (const folder of folders)
    for (const extension of extensions)
      if (await isExecutable(join(folder, `${command}${extension}`))) return undefined;
  return {
    message: `command "${command}" is not on PATH here`,
    hint: "install it, or give its absolute path; the machine that serves the unit needs it too",
  };
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, process.platform === "win32" ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
