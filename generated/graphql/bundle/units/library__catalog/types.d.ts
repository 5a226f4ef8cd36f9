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
