import { type RuntimeOptions, type UnitRuntime } from "unitc/runtime";
import { type BoardClient } from "./units/board/index.js";
export type { BoardClient } from "./units/board/index.js";
/** Every unit of this bundle, typed. `$runtime` is the runtime they share. */
export interface Units {
    readonly $runtime: UnitRuntime;
    /** A task board served by a remote MCP server over Streamable HTTP. */
    readonly board: BoardClient;
}
/**
 * Options of {@link createUnits}; `manifestPath` defaults to `manifest.json` beside this module or,
 * built into another folder, to that of the bundle it was built from.
 */
export type CreateUnitsOptions = Omit<RuntimeOptions, "manifest">;
/** Loads the bundle's manifest and returns the typed units bound to it. */
export declare function createUnits(options?: CreateUnitsOptions): Units;
