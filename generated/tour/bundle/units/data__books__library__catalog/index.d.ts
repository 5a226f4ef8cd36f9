import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "data__books__library__catalog";
/** Library catalogue: One operation per Query and Mutation field of the library schema. */
export interface DataBooksLibraryCatalogClient extends T.Client {
}
/** Binds the operations of unit "data__books__library__catalog" to a runtime. */
export declare function createDataBooksLibraryCatalogClient(runtime: UnitRuntime): DataBooksLibraryCatalogClient;
