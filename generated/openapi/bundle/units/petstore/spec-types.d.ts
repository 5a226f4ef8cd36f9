export interface paths {
    "/pets": {
        get: operations["findPets"];
        post: operations["addPet"];
    };
    "/pets/{id}": {
        get: operations["find pet by id"];
        delete: operations["deletePet"];
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Pet: components["schemas"]["NewPet"] & {
            /** Format: int64 */
            id: number;
        };
        NewPet: {
            name: string;
            tag?: string;
        };
        Error: {
            /** Format: int32 */
            code: number;
            message: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    findPets: {
        parameters: {
            query?: {
                /** tags to filter by */
                tags?: string[];
                /** maximum number of results to return */
                limit?: number;
            };
        };
        responses: {
            /** pet response */
            200: {
                content: {
                    "application/json": components["schemas"]["Pet"][];
                };
            };
            /** unexpected error */
            default: {
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addPet: {
        /** Pet to add to the store */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** pet response */
            200: {
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** unexpected error */
            default: {
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "find pet by id": {
        parameters: {
            path: {
                /** ID of pet to fetch */
                id: number;
            };
        };
        responses: {
            /** pet response */
            200: {
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** unexpected error */
            default: {
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePet: {
        parameters: {
            path: {
                /** ID of pet to delete */
                id: number;
            };
        };
        responses: {
            /** pet deleted */
            204: {};
            /** unexpected error */
            default: {
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
