import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "data__memo__memory";
/** Memory: A knowledge graph kept in a local file, through the reference MCP memory server over stdio. */
export interface DataMemoMemoryClient extends T.Client {
}
/** Binds the operations of unit "data__memo__memory" to a runtime. */
export declare function createDataMemoMemoryClient(runtime: UnitRuntime): DataMemoMemoryClient;
