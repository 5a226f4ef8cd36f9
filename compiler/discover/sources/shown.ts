/**
 * Strings a spec document supplies (OpenAPI, discovery documents, GraphQL schemas) are shown to agents
 * and people, in `tools/list`, `search_tools`, `units.describe` and the generated clients, so they
 * are treated as an MCP server's are: invisible characters (which can hide instructions) are removed
 * from every description and schema string. Names are never rewritten silently: an operation whose
 * name, or a property name in its schemas, holds an invisible character is left out with a warning,
 * since a renamed property would send the API a field it does not know. The types module an external
 * generator wrote loses its invisible characters too, so its comments are clean and its literal types
 * (enum members) stay equal to the schemas' cleaned values.
 */

import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { withheldReason } from "../../../runtime/invoke/mcp/listed-tool.js";
import { shownText } from "../../../runtime/shared/shown-text.js";
import type { DiscoverContext, OperationIR, TypesModule, UnitIR } from "../shared/types.js";
import { ShownJsonMemo } from "./shown-json-memo.js";

function shownOperation(operation: OperationIR, memo: ShownJsonMemo): OperationIR {
  const shown: OperationIR = {
    ...operation,
    description: shownText(operation.description, []),
    inputSchema: memo.json(operation.inputSchema) as JsonSchema,
  };
  if (operation.outputSchema !== undefined)
    shown.outputSchema = memo.json(operation.outputSchema) as JsonSchema;
  if (operation.annotations?.title !== undefined)
    shown.annotations = { ...operation.annotations, title: shownText(operation.annotations.title, []) };
  return shown;
}

/** The types module with its invisible characters removed. */
function shownTypesModule(module: TypesModule): TypesModule {
  const text = shownText(module.text, []);
  return text === module.text ? module : { ...module, text };
}

/** The unit's operations fit to show (see above); left-out operations are reported as warnings. */
export function shownSpecUnit(ir: UnitIR, context: DiscoverContext): UnitIR {
  const operations: OperationIR[] = [];
  // One memo for the unit: its operations share their definitions (see shown-json-memo.ts).
  const memo = new ShownJsonMemo();
  for (const operation of ir.operations) {
    const shown = shownOperation(operation, memo);
    const schemas = { input: operation.inputSchema, output: operation.outputSchema };
    // The check MCP listings get, less their caps: a spec document's size is capped where it is read.
    // The memo has seen every key of the schemas: only one that may hold an unsafe key is walked again.
    const mayBeUnsafe = memo.mayHoldUnsafeKeys(schemas.input) || memo.mayHoldUnsafeKeys(schemas.output);
    const problem =
      mayBeUnsafe || shownText(operation.name, []) !== operation.name
        ? withheldReason(operation.name, schemas, { secrets: [], caps: false })
        : undefined;
    if (problem === undefined) {
      operations.push(shown);
      continue;
    }
    context.report(
      "warning",
      "OPERATION_WITHHELD",
      `operation ${JSON.stringify(shownText(operation.name, []))} is left out: ${problem}`,
      "",
      "report it to the API's authors; the other operations of the unit are compiled",
    );
  }
  const shown: UnitIR = { ...ir, operations };
  if (ir.typesModule !== undefined) shown.typesModule = shownTypesModule(ir.typesModule);
  return shown;
}
