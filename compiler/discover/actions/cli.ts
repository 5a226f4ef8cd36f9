/** `cliTools`: configured commands become operations; nothing is run at build time. */
import { isAbsolute, resolve } from "node:path";
import { resolveCommand } from "../../../runtime/invoke/cli/plan.js";
import type { CliInvoke, ToolAnnotations } from "../../../runtime/manifest.js";
import { contentHash } from "../../canonical.js";
import { joinPointer } from "../../load/pointer.js";
import { defsDefault } from "../../resolve/defaults.js";
import type { DiscoverContext, OperationIR, UnitIR } from "../types.js";
import { actionInputSchema } from "./input.js";

type Data = Record<string, unknown>;

/**
 * A `pathInputs` entry must name an input property: a misspelt one would leave the real input
 * unconfined while the unit file reads as if it were confined.
 */
function reportUnknownPathInputs(
  context: DiscoverContext,
  pointer: string,
  pathInputs: Record<string, string>,
  inputSchema: unknown,
): void {
  const properties = ((inputSchema as Data | undefined)?.properties ?? {}) as Data;
  for (const name of Object.keys(pathInputs)) {
    if (Object.hasOwn(properties, name)) continue;
    context.report(
      "error",
      "PATH_INPUT_UNKNOWN",
      `pathInputs names "${name}", which is not a property of the action's inputSchema`,
      joinPointer(joinPointer(pointer, "pathInputs"), name),
      `use one of: ${Object.keys(properties).join(", ") || "(the inputSchema has no properties)"}`,
    );
  }
}

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
      inputSchema: actionInputSchema(context, pointer, "cli", action),
      invoke,
    };
    const pathInputs = action.pathInputs as Record<string, string> | undefined;
    if (pathInputs !== undefined) {
      invoke.pathInputs = pathInputs;
      reportUnknownPathInputs(context, pointer, pathInputs, operation.inputSchema);
    }
    if (action.outputSchema !== undefined) operation.outputSchema = action.outputSchema as Data;
    if (action.annotations !== undefined) operation.annotations = action.annotations as ToolAnnotations;
    operations.push(operation);
  }
  return { unit, connection: { kind: "cli" }, operations, sourceHash: contentHash({ kind: "cli", backend }) };
}
