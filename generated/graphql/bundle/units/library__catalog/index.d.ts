import type { UnitRuntime } from "unitc/runtime";
import type { QueryBookInput, QueryBookOutput, QueryBooksInput, QueryBooksOutput, MutationAddBookInput, MutationAddBookOutput } from "./types.js";
/** The ID of this unit. */
export declare const unitId = "library__catalog";
/** Library catalogue: One operation per Query and Mutation field of the library schema. */
export interface LibraryCatalogClient {
    /** One book by ISBN, or null when the library does not hold it. */
    query_book(input: QueryBookInput): Promise<QueryBookOutput>;
    /** Every book, optionally only those by one author. */
    query_books(input?: QueryBooksInput): Promise<QueryBooksOutput>;
    /** Adds a book to the catalogue and returns it. */
    mutation_addBook(input: MutationAddBookInput): Promise<MutationAddBookOutput>;
}
/** Binds the operations of unit "library__catalog" to a runtime. */
export declare function createLibraryCatalogClient(runtime: UnitRuntime): LibraryCatalogClient;
