/** Input of threeDay. */
export type ThreeDayInput = {
    city: string;
};
/** Result of threeDay. */
export type ThreeDayOutput = unknown;
/** Weather tools: Three-day forecast for a city. */
export interface Client {
    /** Forecast for the next three days. */
    threeDay(input: ThreeDayInput): Promise<ThreeDayOutput>;
}
