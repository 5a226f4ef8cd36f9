/**
 * Project binding: a unit whose config says `projectBinding.required: true` runs with its working
 * folder at the project root the serving session supplies. Roots are compared as real paths
 * (symlinks followed), so a root given through a link still confines to where it really points.
 */
import { realpathSync, statSync } from "node:fs";
import { UnitError } from "../contract/errors.js";
import { isInside } from "../invoke/cli/paths.js";

/** True when the unit runs only inside a project root. */
export function isProjectBound(unit: { projectBinding?: { required?: boolean } }): boolean {
  return unit.projectBinding?.required === true;
}

/** The real path of an existing folder, or undefined when `path` names none. */
export function realFolder(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    return statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The project root a session supplies: the first of the client's roots that is a folder inside the
 * operator's (`--project-root`), or any folder when the operator gave none; else the operator's.
 * Containment is checked on real paths, component by component, so `..`, a link out of the root or a
 * sibling whose name starts with the root's never count as inside.
 */
export function sessionRoot(
  operator: string | undefined,
  clients: readonly string[] = [],
): string | undefined {
  const fixed = operator === undefined ? undefined : realFolder(operator);
  for (const client of clients) {
    const asked = realFolder(client);
    if (asked !== undefined && (fixed === undefined || isInside(fixed, asked))) return asked;
  }
  return fixed;
}

/**
 * The working folder of a call to `unit`: undefined for a unit not bound to a project; the real
 * project root for a bound one; `PROJECT_ROOT_REQUIRED` when a bound unit gets no usable root.
 */
export function boundFolder(
  unit: { id: string; projectBinding?: { required?: boolean } },
  projectRoot: string | undefined,
): string | undefined {
  if (!isProjectBound(unit)) return undefined;
  const real = projectRoot === undefined ? undefined : realFolder(projectRoot);
  if (real === undefined) {
    throw new UnitError(
      "PROJECT_ROOT_REQUIRED",
      projectRoot === undefined
        ? `unit ${unit.id} runs inside a project, and no project root was given`
        : `unit ${unit.id} runs inside a project, and the project root ${projectRoot} is not a folder`,
      {
        unit: unit.id,
        hint: "serve with --project-root DIR, or (over stdio) connect with an MCP client that declares roots",
      },
    );
  }
  return real;
}
