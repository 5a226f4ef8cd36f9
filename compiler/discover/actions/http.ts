/** `httpApis` / `httpApi`: configured HTTP actions become operations; nothing is fetched. */
import type { HttpInvoke, ToolAnnotations } from "../../../runtime/manifest.js";
import { contentHash } from "../../canonical.js";
import { joinPointer } from "../../load/pointer.js";
import { remoteConnection } from "../sources/remote-connection.js";
import type { DiscoverContext, OperationIR, UnitIR } from "../types.js";
import { actionInputSchema } from "./input.js";

type Data = Record<string, unknown>;

/** Builds the operations of an HTTP API unit from its configured actions. */
export function discoverHttpActions(context: DiscoverContext): UnitIR {
  const backend = context.unit.backend as Data;
  const actions = (backend.actions ?? {}) as Record<string, Data>;
  const operations: OperationIR[] = [];
  for (const [name, action] of Object.entries(actions)) {
    const pointer = joinPointer("/actions", name);
    const invoke: HttpInvoke = {
      kind: "http",
      method: action.method as HttpInvoke["method"],
      path: String(action.path),
    };
    if (action.query !== undefined) invoke.query = action.query as Record<string, string>;
    if (action.headers !== undefined) invoke.headers = action.headers as Record<string, string>;
    if (action.jsonBody !== undefined) invoke.jsonBody = action.jsonBody;
    const operation: OperationIR = {
      name,
      description: String(action.description ?? `${invoke.method} ${invoke.path}`),
      inputSchema: actionInputSchema(context, pointer, "http", action),
      invoke,
    };
    if (action.outputSchema !== undefined) operation.outputSchema = action.outputSchema as Data;
    if (action.annotations !== undefined) operation.annotations = action.annotations as ToolAnnotations;
    operations.push(operation);
  }
  return {
    unit: context.unit,
    connection: remoteConnection("http", backend, String(backend.baseUrl)),
    operations,
    sourceHash: contentHash({ kind: "http", backend }),
  };
}
