import { type RuntimeOptions, type UnitRuntime } from "unitc/runtime";
import { type LibraryCatalogClient } from "./units/library__catalog/index.js";
import { type LibraryShelfClient } from "./units/library__shelf/index.js";
export type { LibraryCatalogClient } from "./units/library__catalog/index.js";
export type { LibraryShelfClient } from "./units/library__shelf/index.js";
/** Every unit of this bundle, typed. `$runtime` is the runtime they share. */
export interface Units {
    readonly $runtime: UnitRuntime;
    /** One operation per Query and Mutation field of the library schema. */
    readonly library__catalog: LibraryCatalogClient;
    /** A reading list of the library's books, with author names. */
    readonly library__shelf: LibraryShelfClient;
}
/**
 * Options of {@link createUnits}; `manifestPath` defaults to `manifest.json` beside this module or,
 * built into another folder, to that of the bundle it was built from.
 */
export type CreateUnitsOptions = Omit<RuntimeOptions, "manifest">;
/** Loads the bundle's manifest and returns the typed units bound to it. */
export declare function createUnits(options?: CreateUnitsOptions): Units;
