import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "journal";
/** Journal: A private journal service whose bearer token lives in the unitc vault, never in the environment. */
export interface JournalClient extends T.Client {
}
/** Binds the operations of unit "journal" to a runtime. */
export declare function createJournalClient(runtime: UnitRuntime): JournalClient;
