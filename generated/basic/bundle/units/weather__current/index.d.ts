import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "weather__current";
/** Current weather: Current conditions for a city. */
export interface WeatherCurrentClient extends T.Client {
}
/** Binds the operations of unit "weather__current" to a runtime. */
export declare function createWeatherCurrentClient(runtime: UnitRuntime): WeatherCurrentClient;
