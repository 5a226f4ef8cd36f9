/**
 * Telemetry's switches and its state file (`$XDG_STATE_HOME/unitc/telemetry.json`: the random
 * install ID, `unitc telemetry disable`, which notices were shown, the last command's events).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { userConfigPath } from "../../compiler/load/config-paths.js";
import { unitcDir } from "../../runtime/shared/user-dirs.js";

type Env = Record<string, string | undefined>;

/** What the state file keeps. */
export interface TelemetryState {
  installId?: string;
  disabled?: boolean;
  noticeShown?: boolean;
  /** The CI run the notice was last shown in. */
  ciNoticeRun?: string;
  lastEvents?: unknown[];
}

/** The state file's path. */
export function stateFile(env: Env): string {
  return join(unitcDir("state", env), "telemetry.json");
}

/** The state, empty when there is none (or it cannot be read). */
export function readState(env: Env): TelemetryState {
  try {
    const state = JSON.parse(readFileSync(stateFile(env), "utf8")) as TelemetryState;
    return state && typeof state === "object" ? state : {};
  } catch {
    return {};
  }
}

/** Writes the state whole (replaced by rename, so a reader never sees half of it). */
export function writeState(env: Env, state: TelemetryState): void {
  const file = stateFile(env);
  mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** The install ID, made (and kept) on first use. */
export function installId(state: TelemetryState): string {
  state.installId ??= randomUUID();
  return state.installId;
}

/** Whether a user config file says `telemetry: false` (the only config that may). */
function configOff(file: string): boolean {
  try {
    const config = JSON.parse(readFileSync(file, "utf8")) as { telemetry?: unknown };
    return config.telemetry === false;
  } catch {
    return false;
  }
}

/** The user config file a command line names (`--user-config FILE` or `=FILE`; not `none`). */
export function userConfigArg(argv: readonly string[], cwd: string): string | undefined {
  const at = argv.indexOf("--user-config");
  const value = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith("--user-config="))?.slice(14);
  return value && value !== "none" ? resolve(cwd, value) : undefined;
}

/**
 * Why telemetry is off, or undefined when it is on (it still sends only to a configured endpoint).
 * `DO_NOT_TRACK` with any value but `0` or `false` turns it off; so does `telemetry: false` in the
 * user config, or in the one a command was given (`userConfig`).
 */
export function offReason(
  env: Env,
  state: TelemetryState = readState(env),
  userConfig?: string,
): string | undefined {
  const dnt = env.DO_NOT_TRACK?.toLowerCase();
  if (dnt && dnt !== "0" && dnt !== "false") return `DO_NOT_TRACK=${env.DO_NOT_TRACK}`;
  const flag = env.UNITC_TELEMETRY?.toLowerCase();
  if (flag === "0" || flag === "false" || flag === "off") return `UNITC_TELEMETRY=${env.UNITC_TELEMETRY}`;
  if (state.disabled) return "unitc telemetry disable";
  if (configOff(userConfigPath(env))) return `telemetry: false in ${userConfigPath(env)}`;
  if (userConfig !== undefined && configOff(userConfig)) return `telemetry: false in ${userConfig}`;
  return undefined;
}

/** The endpoint events go to: `UNITC_TELEMETRY_ENDPOINT`, none built in. */
export function endpointOf(env: Env): string | undefined {
  return env.UNITC_TELEMETRY_ENDPOINT || undefined;
}
