/**
 * What the commands that read a compiled bundle share (`run`, `list`, `inspect`, `search`, `call`):
 * the `--manifest` flag, the manifest read without the compiler, and one way to report a problem
 * before anything runs.
 */
import { resolve } from "node:path";
import { createRuntime, type RuntimeOptions, type UnitRuntime } from "../runtime/core.js";
import { isUnitError } from "../runtime/errors.js";
import { DEFAULT_MANIFEST } from "./default-manifest.js";
import type { CliIO } from "./io.js";

export { DEFAULT_MANIFEST };

export const manifestArg = {
  manifest: {
    type: "string",
    description: `The bundle's manifest; its folder is the bundle (default ${DEFAULT_MANIFEST})`,
    valueHint: "FILE",
  },
} as const;

/** The absolute path of the manifest `--manifest` names, or the default one. */
export function manifestPathOf(io: CliIO, flag: string | undefined): string {
  return resolve(io.cwd, flag ?? DEFAULT_MANIFEST);
}

/** A problem before anything runs: one line on stderr, with a hint for unitc's own errors. */
export function reportSetup(io: CliIO, command: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const hint = isUnitError(error) && error.details.hint ? `\nhint: ${error.details.hint}` : "";
  io.stderr(`unitc ${command}: ${message}${hint}\n`);
}

/** A compiled bundle opened for reading and calling. */
export interface OpenedBundle {
  runtime: UnitRuntime;
  /** The manifest's absolute path; its folder is the bundle. */
  path: string;
}

/**
 * The runtime over the bundle `--manifest` names (nothing connects until a call), or undefined after
 * reporting why its manifest cannot be read (exit 1).
 */
export function openBundle(
  io: CliIO,
  command: string,
  flag: string | undefined,
  setExit: (code: number) => void,
  options: Omit<RuntimeOptions, "manifest" | "manifestPath"> = {},
): OpenedBundle | undefined {
  const path = manifestPathOf(io, flag);
  try {
    return { runtime: createRuntime({ ...options, manifestPath: path }), path };
  } catch (error) {
    reportSetup(io, command, error);
    setExit(1);
    return undefined;
  }
}
