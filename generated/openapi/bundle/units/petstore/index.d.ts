import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "petstore";
/** Petstore: The Swagger petstore: find, add, read and delete pets. */
export interface PetstoreClient extends T.Client {
}
/** Binds the operations of unit "petstore" to a runtime. */
export declare function createPetstoreClient(runtime: UnitRuntime): PetstoreClient;
