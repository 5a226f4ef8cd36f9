import { type RuntimeOptions, type UnitRuntime } from "unitc/runtime";
import { type MemoryClient } from "./units/memory/index.js";
export type { MemoryClient } from "./units/memory/index.js";
/** Every unit of this bundle, typed. `$runtime` is the runtime they share. */
export interface Units {
    readonly $runtime: UnitRuntime;
    /** A knowledge graph kept in a local file, through the reference MCP memory server over stdio. */
    readonly memory: MemoryClient;
}
/**
 * Options of {@link createUnits}; `manifestPath` defaults to `manifest.json` beside this module or,
 * built into another folder, to that of the bundle it was built from.
 */
export type CreateUnitsOptions = Omit<RuntimeOptions, "manifest">;
/** Loads the bundle's manifest and returns the typed units bound to it. */
export declare function createUnits(options?: CreateUnitsOptions): Units;
