/**
 * The audit record of one call through a session: `tools/call` (a direct or progressive unit tool, a
 * Code Mode run with the operations it called, a search) and a stacked instance's `unitc/call`. What
 * was called is taken from the tool table and the operation's name, never from argument values; the
 * arguments themselves only when the unit keeps them, redacted by the runtime that calls it.
 */
import { type AuditedInput, auditedInput } from "../../calls/audited-input.js";
import type { AuditedOperation, AuditKind, AuditRecord } from "../../storage/audit/records.js";
import type { ServedUnit } from "../shared/catalog.js";
import { auditedRun } from "./code-mode-calls.js";
import { outcomeOfError, outcomeOfResult } from "./outcome.js";
import type { AuditTrail } from "./trail.js";

/** The principal of a session that has none: a stdio client, started by its user. */
export const LOCAL_PRINCIPAL = "local";

type Called = Pick<AuditRecord, "kind" | "tool" | "unit" | "operation">;

/** What a session's tool table says a tool calls (its `ToolTarget`s, as far as a record needs them). */
interface Snapshot {
  table: {
    targets: ReadonlyMap<string, { kind: AuditKind; unit?: ServedUnit; operation?: { name: string } }>;
  };
}

/** What `tools/call` of `tool` with `args` calls, by the snapshot's tool table. */
function toolCalled(snapshot: Snapshot, tool: string, args: unknown): Called {
  const target = snapshot.table.targets.get(tool);
  if (!target) return { kind: "unknown", tool };
  const { kind, unit } = target;
  if (!unit) return { kind, tool };
  if (target.operation) return { kind, tool, unit: unit.id, operation: target.operation.name };
  // The progressive verb, and for `call` the operation, when it is one of the unit's (not free text).
  const { operation, name } = (args ?? {}) as { operation?: unknown; name?: unknown };
  const known = unit.unit.operations.find((op) => op.name === name || op.tsName === name);
  const verb = ["list", "search", "describe", "call"].includes(operation as string) ? operation : undefined;
  return {
    kind,
    tool,
    unit: unit.id,
    ...(verb === "call" && known ? { operation: known.name } : verb ? { operation: verb as string } : {}),
  };
}

/** Runs `call` and appends its record to `trail` when it ends. */
async function recorded<T extends object>(
  trail: AuditTrail,
  principal: string | undefined,
  called: Called,
  call: () => Promise<T>,
): Promise<T> {
  const started = Date.now();
  const clock = performance.now();
  const calls: AuditedOperation[] = [];
  const secrets = trail.vaultSecrets?.bind(trail);
  // A Code Mode run keeps no arguments of its own (its script), only those of the operations it calls.
  const slot: AuditedInput = secrets ? { secrets } : {};
  const finish = async (outcome: string) => {
    const durationMs = Math.round(performance.now() - clock);
    const args = slot.arguments ? await slot.arguments : undefined;
    trail.append({
      at: new Date(started).toISOString(),
      principal: principal ?? LOCAL_PRINCIPAL,
      ...called,
      ...(args !== undefined ? { arguments: args } : {}),
      ...(called.kind === "code_mode" ? { calls } : {}),
      outcome,
      durationMs,
    });
  };
  try {
    const result =
      called.kind === "code_mode"
        ? await auditedRun.run({ calls, ...(secrets ? { secrets } : {}) }, call)
        : await auditedInput.run(slot, call);
    await finish(outcomeOfResult(result));
    return result;
  } catch (error) {
    await finish(outcomeOfError(error));
    throw error;
  }
}

/** What a session's server knows of auditing: its trail and the principal it acts for. */
interface AuditedSession {
  audit?: AuditTrail;
  principal?: string;
}

/** A context's snapshot, as `tools/call` reads it. */
type WithSnapshot = { snapshot(): Snapshot };

/**
 * `callTool` (server, context, tool name, arguments, …) recording each call in the session's trail;
 * itself when the session has none.
 */
export function auditedToolCalls<S, C extends WithSnapshot, Rest extends unknown[], T extends object>(
  session: AuditedSession,
  callTool: (server: S, context: C, tool: string, args: unknown, ...rest: Rest) => Promise<T>,
): typeof callTool {
  const { audit: trail, principal } = session;
  if (!trail) return callTool;
  return (server, context, tool, args, ...rest) =>
    recorded(trail, principal, toolCalled(context.snapshot(), tool, args), () =>
      callTool(server, context, tool, args, ...rest),
    );
}

/** `callForStack` (context, its `unitc/call` params, …) recording each call in the session's trail. */
export function auditedStackCalls<C, Rest extends unknown[], T extends object>(
  session: AuditedSession,
  callForStack: (context: C, params: { unit: string; operation: string }, ...rest: Rest) => Promise<T>,
): typeof callForStack {
  const { audit: trail, principal } = session;
  if (!trail) return callForStack;
  return (context, params, ...rest) => {
    // Names the client sent, bounded: an unknown unit is recorded with its failure.
    const called: Called = {
      kind: "stack",
      tool: "unitc/call",
      unit: params.unit.slice(0, 200),
      operation: params.operation.slice(0, 200),
    };
    return recorded(trail, principal, called, () => callForStack(context, params, ...rest));
  };
}
