import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "reports";
/** Reports: A reporting API protected by an OAuth 2 authorization server; unitc gets its access token with the client credentials grant. */
export interface ReportsClient extends T.Client {
}
/** Binds the operations of unit "reports" to a runtime. */
export declare function createReportsClient(runtime: UnitRuntime): ReportsClient;
