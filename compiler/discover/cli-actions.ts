/** `cliTools`: configured commands become operations; nothing is run at build time. */
import { isAbsolute, resolve } from "node:path";
import { resolveCommand } from "../../runtime/invoke/cli-plan.js";
import type { CliInvoke, ToolAnnotations } from "../../runtime/manifest.js";
import { contentHash } from "../canonical.js";
import { joinPointer } from "../load/pointer.js";
import { defsDefault } from "../resolve/defaults.js";
import { actionInputSchema, embeddedReferences, inputReferences, usesWholeInput } from "./action-input.js";
import type { DiscoverContext, OperationIR, UnitIR } from "./types.js";

type Data = Record<string, unknown>;

/** Builds the operations of a CLI tools unit; unit-level cwd/env/limits are the actions' defaults. */
export function discoverCliActions(context: DiscoverContext): UnitIR {
  const { unit } = context;
  const backend = unit.backend as Data;
  const actions = (backend.actions ?? {}) as Record<string, Data>;
  const operations: OperationIR[] = [];
  for (const [name, action] of Object.entries(actions)) {
    const pointer = joinPointer("/actions", name);
    const args = (action.args as string[] | undefined) ?? [];
    const cwd = String(action.cwd ?? backend.cwd ?? ".");
    const invoke: CliInvoke = {
      kind: "cli",
      // A command given as a path starts at the unit file's folder, like `cwd` (emit makes both
      // relative to the output folder).
      command: resolveCommand(String(action.command), unit.baseDir),
      args,
      env: {
        ...((backend.env as Record<string, string>) ?? {}),
        ...((action.env as Record<string, string>) ?? {}),
      },
      cwd: isAbsolute(cwd) ? cwd : resolve(unit.baseDir, cwd),
      timeoutMs: (action.timeoutMs ??
        backend.timeoutMs ??
        defsDefault("cliToolsFields", "timeoutMs")) as number,
      maxOutputBytes: (action.maxOutputBytes ??
        backend.maxOutputBytes ??
        defsDefault("cliToolsFields", "maxOutputBytes")) as number,
      output: ((action.output as Data | undefined)?.type as CliInvoke["output"]) ?? "text",
    };
    const operation: OperationIR = {
      name,
      description: String(action.description ?? `Runs ${String(action.command)}`),
      inputSchema: actionInputSchema(
        context,
        pointer,
        action.inputSchema,
        [],
        inputReferences(args),
        usesWholeInput(args),
        embeddedReferences(args),
      ),
      invoke,
    };
    if (action.outputSchema !== undefined) operation.outputSchema = action.outputSchema as Data;
    if (action.annotations !== undefined) operation.annotations = action.annotations as ToolAnnotations;
    operations.push(operation);
  }
  return { unit, connection: { kind: "cli" }, operations, sourceHash: contentHash({ kind: "cli", backend }) };
}
