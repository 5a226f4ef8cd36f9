/**
 * Runs one setup or verify item through the same runner as CLI actions (`invoke/cli/run.ts`): no
 * shell, the allowlisted environment plus the item's `env`, its own process group, SIGTERM then
 * SIGKILL, one combined output cap. What is kept of a run has resolved secrets redacted.
 */
import { UnitError } from "../contract/errors.js";
import { buildEnv, checkCommand, resolveCommand, resolveCwd } from "../invoke/cli/plan.js";
import { runCommand } from "../invoke/cli/run.js";
import { redact, redactOutput, truncationMarker } from "../shared/redact.js";
import type { SetupItem } from "./plan.js";

/** A setup command may install things: it gets longer than a CLI action by default. */
export const DEFAULT_TIMEOUT_MS = 300_000;
/** Output kept of one item when it sets no `maxOutputBytes` (the last attempts are stored). */
export const DEFAULT_MAX_OUTPUT_BYTES = 65_536;

/** How one item ran. */
export interface ItemResult {
  label: string;
  argv: string[];
  ok: boolean;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  /** stdout and stderr as they arrived, capped (a marker says so), secrets redacted. */
  output: string;
  /** Why it did not run or did not pass, when not a plain exit code. */
  error?: string;
}

/** Runs `item` with relative paths starting at `baseDir`; never rejects. */
export async function runSetupItem(
  item: SetupItem,
  baseDir: string,
  env: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<ItemResult> {
  const argv = [item.command, ...(item.args ?? [])];
  const started = Date.now();
  const result = (fields: Partial<ItemResult>): ItemResult => ({
    label: item.label,
    argv,
    ok: false,
    exitCode: null,
    signal: null,
    timedOut: false,
    durationMs: Date.now() - started,
    output: "",
    ...fields,
  });
  let secrets: string[] = [];
  try {
    checkCommand(item.command);
    const cwd = resolveCwd(item.cwd ?? ".", baseDir);
    const childEnv = buildEnv(item.env ?? {}, env);
    secrets = childEnv.secrets;
    const maxOutputBytes = item.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
    const timeoutMs = item.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const outcome = await runCommand({
      command: resolveCommand(item.command, baseDir),
      argv: item.args ?? [],
      cwd,
      env: childEnv.env,
      timeoutMs,
      maxOutputBytes,
      ...(signal ? { signal } : {}),
    });
    if (outcome.kind === "spawn-failed") {
      const missing = outcome.error.code === "ENOENT";
      return result({
        error: missing ? `command not found: ${item.command}` : redact(outcome.error.message, secrets),
      });
    }
    const cut = outcome.output.cut;
    const output =
      redactOutput(outcome.output.combined(), secrets, { end: cut }) +
      (cut ? truncationMarker(maxOutputBytes, "maxOutputBytes") : "");
    if (outcome.kind !== "exited") {
      const error = outcome.kind === "timeout" ? `did not finish within ${timeoutMs} ms` : "cancelled";
      return result({ timedOut: outcome.kind === "timeout", output, error });
    }
    return result({ ok: outcome.code === 0, exitCode: outcome.code, signal: outcome.signal, output });
  } catch (error) {
    if (!(error instanceof UnitError)) throw error;
    return result({ error: redact(error.message, secrets) });
  }
}
