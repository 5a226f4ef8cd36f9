/** Input of usage. */
export type UsageInput = {
    month: string;
};
/** Result of usage. */
export type UsageOutput = {
    month: string;
    calls: {
        [key: string]: number;
    };
    client: string;
};
