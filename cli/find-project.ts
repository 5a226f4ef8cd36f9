/**
 * Finds the project a command works on when no `--project` names it: the nearest folder holding
 * `.units/` (where the project config `.units/config.json` and the unit files live), from the
 * working folder upward, as git and npm find theirs. The climb stops at the filesystem root, and,
 * for a working folder inside the user's home, at the home folder: a `.units/` above home belongs to
 * no project of this user. With none found the command says so (PROJECT_NOT_FOUND) and writes nothing.
 */
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { UnitError } from "../runtime/contract/errors.js";
import { DEFAULT_MANIFEST } from "./default-manifest.js";
import type { CliIO } from "./io.js";

/** True when `dir` holds a `.units` folder. */
function holdsUnits(dir: string): boolean {
  return statSync(join(dir, ".units"), { throwIfNoEntry: false })?.isDirectory() === true;
}

/** True when `dir` is `base` or inside it. */
function within(base: string, dir: string): boolean {
  const rel = relative(base, dir);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** The nearest folder from `start` upward that holds `.units/`, or undefined. */
export function findProjectDir(start: string, home: string = homedir()): string | undefined {
  const top = within(resolve(home), resolve(start)) ? resolve(home) : undefined;
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (holdsUnits(dir)) return dir;
    if (dir === top || dirname(dir) === dir) return undefined;
  }
}

/** The home folder the climb stops at: `$HOME` of the command's environment, else the OS's. */
function homeOf(io: Pick<CliIO, "env">): string {
  return io.env.HOME && io.env.HOME.length > 0 ? io.env.HOME : homedir();
}

/** The project folder of a command run in `io.cwd`; throws PROJECT_NOT_FOUND when there is none. */
export function discoverProject(io: Pick<CliIO, "cwd" | "env">): string {
  const found = findProjectDir(io.cwd, homeOf(io));
  if (found !== undefined) return found;
  throw new UnitError(
    "PROJECT_NOT_FOUND",
    `no unitc project (a folder holding .units/) in ${io.cwd} or any folder above it`,
    { hint: "run it inside a project, pass --project DIR, or create one here with unitc init" },
  );
}

/**
 * The default manifest: the found project's `generated/manifest.json`, or the working folder's when
 * no project is found (the command then says that manifest is missing).
 */
export function defaultManifestPath(io: Pick<CliIO, "cwd" | "env">): string {
  return resolve(findProjectDir(io.cwd, homeOf(io)) ?? io.cwd, DEFAULT_MANIFEST);
}
