/**
 * What a session sees of units bound to a project: with a project root (the operator's
 * `--project-root`, or the MCP client's roots) they are served and run in it; without one they are
 * not served at all (no tool, no search hit, no Code Mode declaration), as if the bundle lacked them.
 * A client over the network names folders of another machine than its own: its roots are used only
 * inside the operator's root, and not asked for without one.
 */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Server } from "@modelcontextprotocol/server";
import type { UnitRuntime } from "../../calls/create-runtime.js";
import { isProjectBound, realFolder, sessionRoot } from "../../calls/project-root.js";
import { runtimeView } from "../../calls/runtime-view.js";
import { UnitError } from "../../contract/errors.js";
import { ServeSetupError } from "../shared/setup-error.js";
import type { ServeContext, Snapshot } from "./context.js";
import { scopedSnapshot } from "./scope.js";

/** The folder `--project-root` names (relative to `cwd`), as a real path; a bad one stops serve. */
export function operatorRoot(flag: string | undefined, cwd: string): string | undefined {
  if (flag === undefined) return undefined;
  const real = realFolder(resolve(cwd, flag));
  if (real === undefined) {
    throw new ServeSetupError(
      "PROJECT_ROOT_INVALID",
      `--project-root ${flag} is not a folder`,
      "name an existing folder: the project the bound units work in",
      true,
    );
  }
  return real;
}

/** Longest wait for a client's `roots/list` answer before the session goes on without its roots. */
const ROOTS_TIMEOUT_MS = 5_000;

/** A session's project root, as it is known now. */
export interface RootSource {
  current(): string | undefined;
  /** Resolves once the client's roots, when it declares any, have been asked for. */
  settled(): Promise<void>;
}

/** The `file:` roots of a `roots/list` answer, as paths, in the client's order. */
function fileRoots(roots: ReadonlyArray<{ uri: string }>): string[] {
  const paths: string[] = [];
  for (const root of roots) {
    if (!root.uri.startsWith("file:")) continue;
    try {
      paths.push(fileURLToPath(root.uri));
    } catch {}
  }
  return paths;
}

/**
 * The project root of `server`'s session: the client's first file root (inside `operator` when one is
 * given) when it declares roots, asked after `initialized` and again on `roots/list_changed`. A
 * `remote` client (over HTTP) is not asked without `operator`: its roots name folders of its own
 * machine, and on this one would let it pick any folder. `onChange` is told when the root changes
 * (the tool list may then change too).
 */
export function sessionRoots(
  server: Server,
  operator: string | undefined,
  remote: boolean,
  onChange: () => void,
): RootSource {
  let pending: Promise<void> = Promise.resolve();
  let root = sessionRoot(operator);
  const ask = async () => {
    let client: string[] = [];
    try {
      const answer = await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
      client = fileRoots(answer.roots);
    } catch {}
    const next = sessionRoot(operator, client);
    if (next !== root) {
      root = next;
      onChange();
    }
  };
  const refresh = () => {
    if (remote && operator === undefined) return;
    if (server.getClientCapabilities()?.roots) pending = ask();
  };
  const previous = server.oninitialized;
  server.oninitialized = () => {
    previous?.();
    refresh();
  };
  server.setNotificationHandler("notifications/roots/list_changed", () => refresh());
  return { current: () => root, settled: () => pending };
}

function unknownUnit(unitId: string): UnitError {
  return new UnitError("UNKNOWN_UNIT", `no unit ${JSON.stringify(unitId)} is served here`, {
    hint: "call search_tools or units.describe for the unit IDs",
  });
}

/** `full` without the units bound to a project (itself when it has none). */
export function unboundSnapshot(full: Snapshot): Snapshot {
  const unbound = full.units.filter((served) => !isProjectBound(served.unit));
  return unbound.length === full.units.length
    ? full
    : scopedSnapshot(
        full,
        unbound.map((served) => served.id),
      );
}

/** `context` as a session with the project root `roots` gives (or none) sees it. */
export function boundContext(context: ServeContext, roots: RootSource): ServeContext {
  const snapshot = () => {
    const full = context.snapshot();
    return roots.current() === undefined ? unboundSnapshot(full) : full;
  };
  const visible = (id: string) => snapshot().byId.has(id);
  return {
    snapshot,
    call(unit, operation, input, signal) {
      if (!visible(unit.id)) return Promise.reject(unknownUnit(unit.id));
      return context.call(unit, operation, input, signal, roots.current());
    },
    manifestUnit(unit) {
      return visible(unit.id) ? context.manifestUnit(unit) : undefined;
    },
    forward(unit, method, params, signal) {
      if (!visible(unit.id)) return Promise.reject(unknownUnit(unit.id));
      return context.forward(unit, method, params, signal, roots.current());
    },
    runCode(input, units, _root, rules) {
      const seen = snapshot();
      // Only a cut view pays for declarations of its own; a session seeing everything shares the full ones.
      if (seen === context.snapshot()) return context.runCode(input, units, roots.current(), rules);
      const ids = seen.units.map((served) => served.id);
      const allowed = units === undefined ? ids : ids.filter((id) => units.includes(id));
      return context.runCode(input, allowed, roots.current(), rules);
    },
  };
}

/** `runtime` with every call made for a session whose project root is `projectRoot`. */
export function rootedRuntime(runtime: UnitRuntime, projectRoot: string | undefined): UnitRuntime {
  if (projectRoot === undefined) return runtime;
  return runtimeView(runtime, {
    invoke: (unitId, name, input, options) =>
      runtime.invoke(unitId, name, input, { ...options, projectRoot }),
    call: (unitId, name, input, options) => runtime.call(unitId, name, input, { ...options, projectRoot }),
    forward: (unitId, method, params, options) =>
      runtime.forward(unitId, method, params, { ...options, projectRoot }),
  });
}
