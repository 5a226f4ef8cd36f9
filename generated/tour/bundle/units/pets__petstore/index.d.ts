import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "pets__petstore";
/** Petstore: The Swagger petstore: find, add, read and delete pets. */
export interface PetsPetstoreClient extends T.Client {
}
/** Binds the operations of unit "pets__petstore" to a runtime. */
export declare function createPetsPetstoreClient(runtime: UnitRuntime): PetsPetstoreClient;
