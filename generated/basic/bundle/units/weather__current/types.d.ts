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
