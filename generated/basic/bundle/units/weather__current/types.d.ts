/** Input of now. */
export type NowInput = {
    city: string;
    units?: "metric" | "imperial";
};
/** Result of now. */
export type NowOutput = {
    city: string;
    temperature: number;
    conditions: string;
};
/** Current weather: Current conditions for a city. */
export interface Client {
    /** Current temperature and conditions in a city. */
    now(input: NowInput): Promise<NowOutput>;
}
