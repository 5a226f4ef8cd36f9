import { type RuntimeOptions, type UnitRuntime } from "unitc/runtime";
import { type FilesClient } from "./units/files/index.js";
import { type NotesClient } from "./units/notes/index.js";
import { type WeatherCurrentClient } from "./units/weather__current/index.js";
import { type WeatherForecastClient } from "./units/weather__forecast/index.js";
export type { FilesClient } from "./units/files/index.js";
export type { NotesClient } from "./units/notes/index.js";
export type { WeatherCurrentClient } from "./units/weather__current/index.js";
export type { WeatherForecastClient } from "./units/weather__forecast/index.js";
/** Every unit of this bundle, typed. `$runtime` is the runtime they share. */
export interface Units {
    readonly $runtime: UnitRuntime;
    /** Read-only look at the example folder with standard command-line tools. */
    readonly files: FilesClient;
    /** A small local notes service: list, read and create notes. */
    readonly notes: NotesClient;
    /** Current conditions for a city. */
    readonly weather__current: WeatherCurrentClient;
    /** Three-day forecast for a city. */
    readonly weather__forecast: WeatherForecastClient;
}
/**
 * Options of {@link createUnits}; `manifestPath` defaults to `manifest.json` beside this module or,
 * built into another folder, to that of the bundle it was built from.
 */
export type CreateUnitsOptions = Omit<RuntimeOptions, "manifest">;
/** Loads the bundle's manifest and returns the typed units bound to it. */
export declare function createUnits(options?: CreateUnitsOptions): Units;
