import type * as $types from "./spec-types.js";
/** Input of query_book. */
export type QueryBookInput = $types.BookQueryVariables;
/** Result of query_book. */
export type QueryBookOutput = $types.BookQuery;
/** Input of query_books. */
export type QueryBooksInput = $types.BooksQueryVariables;
/** Result of query_books. */
export type QueryBooksOutput = $types.BooksQuery;
/** Input of mutation_addBook. */
export type MutationAddBookInput = $types.AddBookMutationVariables;
/** Result of mutation_addBook. */
export type MutationAddBookOutput = $types.AddBookMutation;
/** Library catalogue: One operation per Query and Mutation field of the library schema. */
export interface Client {
    /** One book by ISBN, or null when the library does not hold it. */
    query_book(input: QueryBookInput): Promise<QueryBookOutput>;
    /** Every book, optionally only those by one author. */
    query_books(input?: QueryBooksInput): Promise<QueryBooksOutput>;
    /** Adds a book to the catalogue and returns it. */
    mutation_addBook(input: MutationAddBookInput): Promise<MutationAddBookOutput>;
}
