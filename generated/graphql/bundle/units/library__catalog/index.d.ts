import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "library__catalog";
/** Library catalogue: One operation per Query and Mutation field of the library schema. */
export interface LibraryCatalogClient {
    /** One book by ISBN, or null when the library does not hold it. */
    query_book(input: T.QueryBookInput): Promise<T.QueryBookOutput>;
    /** Every book, optionally only those by one author. */
    query_books(input?: T.QueryBooksInput): Promise<T.QueryBooksOutput>;
    /** Adds a book to the catalogue and returns it. */
    mutation_addBook(input: T.MutationAddBookInput): Promise<T.MutationAddBookOutput>;
}
/** Binds the operations of unit "library__catalog" to a runtime. */
export declare function createLibraryCatalogClient(runtime: UnitRuntime): LibraryCatalogClient;
