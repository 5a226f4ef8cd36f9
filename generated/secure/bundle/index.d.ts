import { type RuntimeOptions, type UnitRuntime } from "unitc/runtime";
import { type JournalClient } from "./units/journal/index.js";
import { type ReportsClient } from "./units/reports/index.js";
export type { JournalClient } from "./units/journal/index.js";
export type { ReportsClient } from "./units/reports/index.js";
/** Every unit of this bundle, typed. `$runtime` is the runtime they share. */
export interface Units {
    readonly $runtime: UnitRuntime;
    /** A private journal service whose bearer token lives in the unitc vault, never in the environment. */
    readonly journal: JournalClient;
    /** A reporting API protected by an OAuth 2 authorization server; unitc gets its access token with the client credentials grant. */
    readonly reports: ReportsClient;
}
/**
 * Options of {@link createUnits}; `manifestPath` defaults to `manifest.json` beside this module or,
 * built into another folder, to that of the bundle it was built from.
 */
export type CreateUnitsOptions = Omit<RuntimeOptions, "manifest">;
/** Loads the bundle's manifest and returns the typed units bound to it. */
export declare function createUnits(options?: CreateUnitsOptions): Units;
