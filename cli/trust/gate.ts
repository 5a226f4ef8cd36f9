/**
 * The check every command that would start a project's commands makes first: the project's command
 * set is trusted on this machine (a trust record for its folder with the same hash), or trust is
 * given for this run (`--trust`, or `UNITC_TRUST=1` in CI). Otherwise the command refuses with
 * PROJECT_UNTRUSTED and a hint naming `unitc trust`, and starts nothing. Commands that run a compiled
 * bundle check the bundle's own commands against what was trusted.
 */
import { readFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { type Manifest, withDerivedFields } from "../../runtime/contract/manifest.js";
import { counted } from "../compile-lines.js";
import type { CliIO } from "../io.js";
import { type CommandSet, commandFingerprint, manifestCommands, type ProjectCommand } from "./commands.js";
import { readTrust, trustedFingerprints } from "./records.js";

/** `--trust`, for the commands that would start a project's commands. */
export const trustArg = {
  trust: {
    type: "boolean",
    description: "Trust this project's commands for this run (in CI; or UNITC_TRUST=1)",
  },
} as const;

/** True when `--trust` or `UNITC_TRUST` (1 or true) gives trust for this run. */
export function trustGiven(io: Pick<CliIO, "env">, flag: boolean | undefined): boolean {
  const value = io.env.UNITC_TRUST?.toLowerCase();
  return flag === true || value === "1" || value === "true";
}

/** The hint every refusal ends with: how to trust, in the folder that holds the project. */
function hint(io: CliIO, folder: string | undefined): string {
  const where = folder === undefined ? "" : relative(io.cwd, folder);
  const trust = where === "" ? "unitc trust" : `unitc trust --project ${where}`;
  return `hint: read the commands with \`${trust}\` and trust them there, or pass --trust (UNITC_TRUST=1 in CI) to run them this once\n`;
}

/**
 * Whether `command` may start the commands of the project in `folder` (its command set `set`);
 * prints the refusal when not. A project that declares no commands needs no trust.
 */
export function projectTrusted(
  io: CliIO,
  command: string,
  folder: string,
  set: CommandSet,
  flag: boolean | undefined,
): boolean {
  if (set.commands.length === 0 || trustGiven(io, flag)) return true;
  const record = readTrust(io.env, folder);
  if (record?.hash === set.hash) return true;
  const why = record
    ? `its command set changed since it was trusted (${record.hash} → ${set.hash})`
    : `its ${counted(set.commands.length, "command")} (stdio MCP servers, CLI actions, setup and verify items) are not trusted on this machine`;
  io.stderr(`unitc ${command}: PROJECT_UNTRUSTED this project would run commands it declares, and ${why}\n`);
  io.stderr(hint(io, folder));
  return false;
}

/** The commands of `commands` no trust record covers (none when trust is given for this run). */
export function untrustedCommands(
  io: CliIO,
  commands: readonly ProjectCommand[],
  flag: boolean | undefined,
): ProjectCommand[] {
  if (commands.length === 0 || trustGiven(io, flag)) return [];
  const trusted = trustedFingerprints(io.env);
  return commands.filter((c) => !trusted.has(commandFingerprint(c)));
}

/** Prints the refusal of a bundle whose commands include `untrusted`. */
export function reportUntrustedBundle(
  io: CliIO,
  command: string,
  untrusted: readonly ProjectCommand[],
): void {
  const units = [...new Set(untrusted.map((c) => c.unit))].join(", ");
  io.stderr(
    `unitc ${command}: PROJECT_UNTRUSTED the bundle would run commands no trusted project declares (units: ${units})\n`,
  );
  io.stderr(hint(io, undefined));
}

/** Whether every command the bundle in `manifestDir` would start is trusted; prints the refusal when not. */
export function bundleTrusted(
  io: CliIO,
  command: string,
  manifest: Pick<Manifest, "units">,
  manifestDir: string,
  flag: boolean | undefined,
): boolean {
  const untrusted = untrustedCommands(io, manifestCommands(manifest, manifestDir), flag);
  if (untrusted.length === 0) return true;
  reportUntrustedBundle(io, command, untrusted);
  return false;
}

/**
 * `bundleTrusted` for the manifest at `path`, read as plain JSON with the fields a manifest leaves out
 * put back (a CLI action's invoke says its kind only once read so; the runtime validates the rest
 * later and reports what is wrong with it); a manifest that cannot be read starts nothing, so it
 * passes here.
 */
export function bundleFileTrusted(
  io: CliIO,
  command: string,
  path: string,
  flag: boolean | undefined,
): boolean {
  let units: unknown;
  try {
    units = withDerivedFields(JSON.parse(readFileSync(path, "utf8")) as Manifest).units;
  } catch {
    return true;
  }
  let commands: ProjectCommand[];
  try {
    commands = manifestCommands({ units: units as Manifest["units"] }, dirname(path));
  } catch {
    return true;
  }
  const untrusted = untrustedCommands(io, commands, flag);
  if (untrusted.length === 0) return true;
  reportUntrustedBundle(io, command, untrusted);
  return false;
}
