/**
 * Package runners (`npx`, `uvx`, `pnpm dlx`, `bunx`) may download a server before it starts, which
 * under load takes far longer than a server already installed: such servers get a longer startup
 * default. Shared by the compiler (which writes the default into the manifest) and the start-up
 * error's hint.
 */
import { basename } from "node:path";

/** The startup timeout of a stdio server started through a package runner, unless one is declared. */
export const RUNNER_STARTUP_TIMEOUT_MS = 60_000;

/** Commands that run a package, whatever their arguments. */
const RUNNERS = new Set(["npx", "uvx", "bunx", "pnpx"]);
/** Package managers that run a package with `dlx` as their first argument. */
const DLX = new Set(["pnpm", "yarn"]);

/** How the hint names them. */
export const PACKAGE_RUNNER_NAMES = "npx, uvx, pnpm dlx or bunx";

/** True when `command` (with its `args`) starts the server through a package runner. */
export function isPackageRunner(command: string, args: readonly string[]): boolean {
  const name = basename(command).replace(/\.(?:cmd|exe)$/i, "");
  return RUNNERS.has(name) || (DLX.has(name) && args[0] === "dlx");
}
