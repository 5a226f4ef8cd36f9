import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "weather__forecast";
/** Weather tools: Three-day forecast for a city. */
export interface WeatherForecastClient extends T.Client {
}
/** Binds the operations of unit "weather__forecast" to a runtime. */
export declare function createWeatherForecastClient(runtime: UnitRuntime): WeatherForecastClient;
