/**
 * Path inputs of a CLI action (`pathInputs`): each value must name something inside its root folder.
 * The check is made on real paths (symlinks followed) and component by component, so `../x`, a
 * symlink pointing out, and a sibling folder whose name merely starts with the root's
 * (`<root>-evil`) are all refused. A value that does not exist yet is judged by its nearest
 * existing parent. The command then gets the checked path, relative to its working folder.
 */
import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { UnitError } from "../../contract/errors.js";
import { readInput } from "../shared/template.js";

/** The real path of `path`, or of its nearest existing parent with the rest appended. */
function realPath(path: string): string {
  const rest: string[] = [];
  let current = path;
  for (;;) {
    try {
      return join(realpathSync(current), ...rest.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      rest.push(basename(current));
      current = parent;
    }
  }
}

/** True when `path` is `root` or below it, compared component by component. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!isAbsolute(rel) && rel.split(sep)[0] !== "..");
}

function checkOne(name: string, value: string, root: string, cwd: string): string {
  const target = realPath(resolve(cwd, value));
  if (!isInside(root, target)) {
    throw new UnitError(
      "PATH_OUTSIDE_ROOT",
      `input ${name} (${JSON.stringify(value)}) is outside its root folder`,
      {
        hint: "give a path inside the folder this action may use",
      },
    );
  }
  return relative(cwd, target) || ".";
}

/**
 * The input with every path input checked and replaced by its real path relative to `cwd` (the
 * action's working folder, already resolved); other inputs are left as they are.
 */
export function checkPathInputs(
  input: unknown,
  pathInputs: Record<string, string> | undefined,
  cwd: string,
): unknown {
  if (!pathInputs || typeof input !== "object" || input === null) return input;
  const realCwd = realPath(cwd);
  const checked: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [name, rootPath] of Object.entries(pathInputs)) {
    const value = readInput(input, [name]);
    if (value === undefined || value === null) continue;
    const root = realPath(resolve(realCwd, rootPath));
    const values = Array.isArray(value) ? value : [value];
    if (!values.every((item) => typeof item === "string")) {
      throw new UnitError("INPUT_INVALID", `input ${name} must be a path (a string)`);
    }
    const kept = values.map((item) => checkOne(name, item as string, root, realCwd));
    checked[name] = Array.isArray(value) ? kept : kept[0];
  }
  return checked;
}
