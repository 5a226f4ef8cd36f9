/**
 * One command's telemetry event: anonymous counts only (never names, URLs, paths, arguments or IDs
 * other than the random install ID), recorded for `unitc telemetry preview` and sent to the
 * configured endpoint within a short bound, so it never slows or fails the command.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_MANIFEST } from "../default-manifest.js";
import type { CliIO } from "../io.js";
import { endpointOf, installId, offReason, readState, userConfigArg, writeState } from "./state.js";

/** The longest a command waits for its event to be sent. */
export const SEND_BOUND_MS = 300;

/**
 * The bound, or UNITC_TELEMETRY_SEND_BOUND_MS for tests: on a loaded machine a send to the test's
 * own endpoint can take longer than a user's command should ever wait.
 */
function sendBound(env: Record<string, string | undefined>): number {
  const chosen = Number(env.UNITC_TELEMETRY_SEND_BOUND_MS);
  return Number.isInteger(chosen) && chosen > 0 ? chosen : SEND_BOUND_MS;
}

/** Commands that report nothing: completion answers and telemetry's own. */
const QUIET = new Set(["__complete", "telemetry"]);

const OUTCOMES: Record<number, string> = { 0: "ok", 1: "errors", 2: "usage", 3: "internal" };

/** Durations in coarse buckets, so a duration says nothing about a particular run. */
function bucket(ms: number): string {
  for (const limit of [100, 1000, 10_000, 60_000]) if (ms < limit) return `<${limit / 1000}s`;
  return ">=60s";
}

/** Unit kinds and counts and exposure modes of the bundle the command read (default place or --manifest). */
function bundleCounts(argv: readonly string[], cwd: string) {
  const at = argv.indexOf("--manifest");
  const flag = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith("--manifest="))?.slice(11);
  try {
    const manifest = JSON.parse(readFileSync(resolve(cwd, flag ?? DEFAULT_MANIFEST), "utf8")) as {
      units: Array<{ kind: string; exposure: string }>;
    };
    const unitKinds: Record<string, number> = {};
    for (const unit of manifest.units) unitKinds[unit.kind] = (unitKinds[unit.kind] ?? 0) + 1;
    const exposureModes = [...new Set(manifest.units.map((u) => u.exposure))].sort();
    return { units: manifest.units.length, unitKinds, exposureModes };
  } catch {
    return { units: 0, unitKinds: {}, exposureModes: [] };
  }
}

/** The notice, once per user and once per CI run, before anything is sent. */
function notice(io: CliIO, state: ReturnType<typeof readState>, endpoint: string): void {
  const ciRun = io.env.CI
    ? io.env.GITHUB_RUN_ID || io.env.CI_PIPELINE_ID || io.env.BUILD_ID || "ci"
    : undefined;
  if (ciRun !== undefined ? state.ciNoticeRun === ciRun : state.noticeShown) return;
  io.stderr(
    `unitc: sending anonymous usage counts to ${endpoint} (UNITC_TELEMETRY_ENDPOINT); see them with unitc telemetry preview, stop with unitc telemetry disable\n`,
  );
  if (ciRun !== undefined) state.ciNoticeRun = ciRun;
  else state.noticeShown = true;
}

/** Records and sends the event of a finished command (one of unitc's, so never a typed word); never throws, never waits past the bound. */
export async function reportCommand(
  io: CliIO,
  argv: readonly string[],
  exitCode: number,
  durationMs: number,
): Promise<void> {
  const command = argv[0];
  const endpoint = endpointOf(io.env);
  if (command === undefined || QUIET.has(command) || !endpoint) return;
  try {
    const state = readState(io.env);
    if (offReason(io.env, state, userConfigArg(argv, io.cwd))) return;
    const event = {
      installId: installId(state),
      command,
      outcome: OUTCOMES[exitCode] ?? "other",
      duration: bucket(durationMs),
      ...bundleCounts(argv, io.cwd),
      node: Number(process.versions.node.split(".")[0]),
      os: process.platform,
    };
    notice(io, state, endpoint);
    state.lastEvents = [event];
    writeState(io.env, state);
    await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ events: state.lastEvents }),
      signal: AbortSignal.timeout(sendBound(io.env)),
    }).then((response) => response.body?.cancel());
  } catch {
    // Telemetry never fails a command.
  }
}
