/** Internal type. DO NOT USE DIRECTLY. */
export type Exact<T extends {
    [key: string]: unknown;
}> = {
    [K in keyof T]: T[K];
};
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | {
    [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never;
};
export type ReadingListQueryVariables = Exact<{
    author?: string | null | undefined;
}>;
export type ReadingListQuery = {
    books: Array<{
        title: string;
        year: number | null;
        author: {
            name: string;
        };
    }>;
};
