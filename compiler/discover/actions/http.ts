/** `httpApis` / `httpApi`: configured HTTP actions become operations; nothing is fetched. */
import type { HttpInvoke } from "../../../runtime/contract/manifest.js";
import { joinPointer } from "../../load/pointer.js";
import { contentHash } from "../../shared/canonical.js";
import { stringMap } from "../shared/string-map.js";
import type { DiscoverContext, OperationIR, UnitIR } from "../shared/types.js";
import { remoteConnection } from "../sources/remote-connection.js";
import { actionInputSchema } from "./input.js";

/** Builds the operations of an HTTP API unit from its configured actions. */
export function discoverHttpActions(context: DiscoverContext<"http">): UnitIR {
  const { backend, declared } = context.unit;
  const operations: OperationIR[] = [];
  for (const [name, action] of Object.entries(backend.actions)) {
    if (action === undefined) continue;
    const pointer = joinPointer("/actions", name);
    const invoke: HttpInvoke = {
      kind: "http",
      method: action.method,
      path: action.path,
    };
    if (action.query !== undefined) invoke.query = stringMap(action.query);
    if (action.headers !== undefined) invoke.headers = stringMap(action.headers);
    if (action.jsonBody !== undefined) invoke.jsonBody = action.jsonBody;
    const operation: OperationIR = {
      name,
      description: action.description ?? `${invoke.method} ${invoke.path}`,
      inputSchema: actionInputSchema(context, pointer, "http", action),
      invoke,
    };
    if (action.outputSchema !== undefined) operation.outputSchema = action.outputSchema;
    if (action.annotations !== undefined) operation.annotations = action.annotations;
    if (action.searchHints !== undefined) operation.searchHints = action.searchHints;
    operations.push(operation);
  }
  return {
    unit: context.unit,
    connection: remoteConnection("http", backend, backend.baseUrl),
    operations,
    sourceHash: contentHash({ kind: "http", backend: declared }),
  };
}
