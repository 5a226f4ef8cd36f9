import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "memory";
/** Memory: A knowledge graph kept in a local file, through the reference MCP memory server over stdio. */
export interface MemoryClient extends T.Client {
}
/** Binds the operations of unit "memory" to a runtime. */
export declare function createMemoryClient(runtime: UnitRuntime): MemoryClient;
