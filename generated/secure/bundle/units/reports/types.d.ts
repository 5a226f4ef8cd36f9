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
/** Reports: A reporting API protected by an OAuth 2 authorization server; unitc gets its access token with the client credentials grant. */
export interface Client {
    /** Calls per unit kind in one month (YYYY-MM). */
    usage(input: UsageInput): Promise<UsageOutput>;
}
