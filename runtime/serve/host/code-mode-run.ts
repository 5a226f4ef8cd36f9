/** A Code Mode run for the serving host: the session's scope, root and confirmation laid over the runtime. */
import { dirname } from "node:path";
import type { Manifest } from "../../contract/manifest.js";
import type { BundleDeclarations } from "../../sandbox/declarations/declarations.js";
import { STARTING_CHECK_WAIT_MS } from "../../sandbox/shared/limits.js";
import { auditedRuntime } from "../audit/code-mode-calls.js";
import { confirmingRuntime } from "../confirm/gate.js";
import type { OperationRules } from "../policy/rules.js";
import type { CodeModeRequest } from "../sessions/code-mode.js";
import type { ServeContext, Snapshot } from "../sessions/context.js";
import { rootedRuntime } from "../sessions/project-binding.js";
import { scopedRuntime } from "../sessions/scope.js";
import type { BundleSlot } from "./bundle-slot.js";

/** What of the host a run needs, read once the sandbox is loaded (a reload may come first). */
export interface CodeModeHost {
  bundleDir: string;
  snapshot: Snapshot;
  project: BundleSlot;
  /** The user's bundle, when one is served from a manifest file. */
  user: { slot: BundleSlot; manifestPath: string } | undefined;
  manifest: Manifest;
  call: ServeContext["call"];
}

/** The session's request, as {@link ServeContext.runCode} takes it. */
export interface CodeModeRun {
  input: CodeModeRequest;
  units: readonly string[] | undefined;
  projectRoot: string | undefined;
  rules: OperationRules | undefined;
}

type Answer = { ok: boolean; [field: string]: unknown };

/** Runs a Code Mode script against the project's bundle alone, or against everything the host serves. */
export async function runHostCode(view: () => CodeModeHost, request: CodeModeRun): Promise<Answer> {
  const { runCodeMode } = await import("../../sandbox/run.js");
  const { projectOnly, servedCodeMode } = await import("./code-mode-units.js");
  const host = view();
  const { units, projectRoot, rules } = request;
  const { bundleDir, snapshot } = host;
  // Code Mode is prepared in the background at start: a first run waits for the checker a while only.
  const { waitForCheck, confirm, ...script } = request.input;
  const run = (runtime: Parameters<typeof runCodeMode>[0], declarations?: BundleDeclarations) =>
    runCodeMode(
      auditedRuntime(
        confirmingRuntime(
          rootedRuntime(units || rules ? scopedRuntime(runtime, units, rules) : runtime, projectRoot),
          confirm,
        ),
      ),
      script,
      bundleDir,
      {
        startingCheckWaitMs: waitForCheck === false ? 0 : STARTING_CHECK_WAIT_MS,
        ...(declarations ? { declarations } : {}),
      },
    );
  if (projectOnly(snapshot.units)) return (await host.project.onCurrent((g) => run(g.runtime))) as Answer;
  // The user's and an upstream's units too: each call goes through `call`, to wherever its unit lives.
  const user = host.user;
  const served = servedCodeMode(snapshot, {
    units: snapshot.units,
    project: { manifest: host.manifest, dir: bundleDir },
    ...(user
      ? { user: { manifest: user.slot.generation.runtime.manifest, dir: dirname(user.manifestPath) } }
      : {}),
    call: (unit, operation, input, options) =>
      host.call(unit, operation, input, options?.signal, options?.projectRoot),
  });
  return (await run(served.runtime, served.declarations)) as unknown as Answer;
}
