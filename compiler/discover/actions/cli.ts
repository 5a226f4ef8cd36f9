/** `cliTools`: configured commands become operations; nothing is run at build time. */
import { isAbsolute, resolve } from "node:path";
import type { CliInvoke, JsonSchema } from "../../../runtime/contract/manifest.js";
import { resolveCommand } from "../../../runtime/invoke/cli/plan.js";
import { joinPointer } from "../../load/pointer.js";
import { contentHash } from "../../shared/canonical.js";
import { stringMap } from "../shared/string-map.js";
import type { DiscoverContext, OperationIR, UnitIR } from "../shared/types.js";
import { actionInputSchema, objectOr } from "./input.js";

/**
 * A `pathInputs` entry must name an input property: a misspelt one would leave the real input
 * unconfined while the unit file reads as if it were confined.
 */
function reportUnknownPathInputs(
  context: DiscoverContext<"cli">,
  pointer: string,
  pathInputs: Record<string, string>,
  inputSchema: JsonSchema,
): void {
  const properties = objectOr(typeof inputSchema === "object" ? inputSchema.properties : undefined);
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
export function discoverCliActions(context: DiscoverContext<"cli">): UnitIR {
  const { unit } = context;
  const { backend } = unit;
  const operations: OperationIR[] = [];
  for (const [name, action] of Object.entries(backend.actions)) {
    if (action === undefined) continue;
    const pointer = joinPointer("/actions", name);
    const args = action.args ?? [];
    const cwd = action.cwd ?? backend.cwd ?? ".";
    const invoke: CliInvoke = {
      kind: "cli",
      // A command given as a path starts at the unit file's folder, like `cwd` (emit makes both
      // relative to the output folder).
      command: resolveCommand(action.command, unit.baseDir),
      args,
      env: stringMap({ ...backend.env, ...action.env }),
      cwd: isAbsolute(cwd) ? cwd : resolve(unit.baseDir, cwd),
      timeoutMs: action.timeoutMs ?? backend.timeoutMs,
      maxOutputBytes: action.maxOutputBytes ?? backend.maxOutputBytes,
      output: action.output.type,
    };
    const operation: OperationIR = {
      name,
      description: action.description ?? `Runs ${action.command}`,
      inputSchema: actionInputSchema(context, pointer, "cli", action),
      invoke,
    };
    const pathInputs = action.pathInputs && stringMap(action.pathInputs);
    if (pathInputs !== undefined) {
      invoke.pathInputs = pathInputs;
      reportUnknownPathInputs(context, pointer, pathInputs, operation.inputSchema);
    }
    if (action.outputSchema !== undefined) operation.outputSchema = action.outputSchema;
    if (action.annotations !== undefined) operation.annotations = action.annotations;
    if (action.searchHints !== undefined) operation.searchHints = action.searchHints;
    operations.push(operation);
  }
  return {
    unit,
    connection: { kind: "cli" },
    operations,
    sourceHash: contentHash({ kind: "cli", backend: unit.declared }),
  };
}
