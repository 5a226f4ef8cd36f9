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
export type BookQueryVariables = Exact<{
    isbn: string;
}>;
export type BookQuery = {
    book: {
        isbn: string;
        title: string;
        year: number | null;
        author: {
            name: string;
            born: number | null;
        };
    } | null;
};
export type BooksQueryVariables = Exact<{
    author?: string | null | undefined;
}>;
export type BooksQuery = {
    books: Array<{
        isbn: string;
        title: string;
        year: number | null;
        author: {
            name: string;
            born: number | null;
        };
    }>;
};
export type AddBookMutationVariables = Exact<{
    isbn: string;
    title: string;
    author: string;
    year?: number | null | undefined;
}>;
export type AddBookMutation = {
    addBook: {
        isbn: string;
        title: string;
        year: number | null;
        author: {
            name: string;
            born: number | null;
        };
    };
};
