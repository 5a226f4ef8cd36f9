import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "board";
/** Board: A task board served by a remote MCP server over Streamable HTTP. */
export interface BoardClient extends T.Client {
}
/** Binds the operations of unit "board" to a runtime. */
export declare function createBoardClient(runtime: UnitRuntime): BoardClient;
