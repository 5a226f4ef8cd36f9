import { type RuntimeOptions, type UnitRuntime } from "unitc/runtime";
import { type DataBooksLibraryCatalogClient } from "./units/data__books__library__catalog/index.js";
import { type DataBooksLibraryShelfClient } from "./units/data__books__library__shelf/index.js";
import { type DataMemoMemoryClient } from "./units/data__memo__memory/index.js";
import { type PetsPetstoreClient } from "./units/pets__petstore/index.js";
export type { DataBooksLibraryCatalogClient } from "./units/data__books__library__catalog/index.js";
export type { DataBooksLibraryShelfClient } from "./units/data__books__library__shelf/index.js";
export type { DataMemoMemoryClient } from "./units/data__memo__memory/index.js";
export type { PetsPetstoreClient } from "./units/pets__petstore/index.js";
/** Every unit of this bundle, typed. `$runtime` is the runtime they share. */
export interface Units {
    readonly $runtime: UnitRuntime;
    /** One operation per Query and Mutation field of the library schema. */
    readonly data__books__library__catalog: DataBooksLibraryCatalogClient;
    /** A reading list of the library's books, with author names. */
    readonly data__books__library__shelf: DataBooksLibraryShelfClient;
    /** A knowledge graph kept in a local file, through the reference MCP memory server over stdio. */
    readonly data__memo__memory: DataMemoMemoryClient;
    /** The Swagger petstore: find, add, read and delete pets. */
    readonly pets__petstore: PetsPetstoreClient;
}
/**
 * Options of {@link createUnits}; `manifestPath` defaults to `manifest.json` beside this module or,
 * built into another folder, to that of the bundle it was built from.
 */
export type CreateUnitsOptions = Omit<RuntimeOptions, "manifest">;
/** Loads the bundle's manifest and returns the typed units bound to it. */
export declare function createUnits(options?: CreateUnitsOptions): Units;
