/** Input of add_observations. */
export type AddObservationsInput = {
    observations: Array<{
        /** The name of the entity to add the observations to */
        entityName: string;
        /** An array of observation contents to add */
        contents: Array<string>;
    }>;
};
/** Result of add_observations. */
export type AddObservationsOutput = {
    results: Array<{
        entityName: string;
        addedObservations: Array<string>;
    }>;
};
/** Input of create_entities. */
export type CreateEntitiesInput = {
    entities: Array<{
        /** The name of the entity */
        name: string;
        /** The type of the entity */
        entityType: string;
        /** An array of observation contents associated with the entity */
        observations: Array<string>;
    }>;
};
/** Result of create_entities. */
export type CreateEntitiesOutput = {
    entities: Array<{
        /** The name of the entity */
        name: string;
        /** The type of the entity */
        entityType: string;
        /** An array of observation contents associated with the entity */
        observations: Array<string>;
    }>;
};
/** Input of create_relations. */
export type CreateRelationsInput = {
    relations: Array<{
        /** The name of the entity where the relation starts */
        from: string;
        /** The name of the entity where the relation ends */
        to: string;
        /** The type of the relation */
        relationType: string;
    }>;
};
/** Result of create_relations. */
export type CreateRelationsOutput = {
    relations: Array<{
        /** The name of the entity where the relation starts */
        from: string;
        /** The name of the entity where the relation ends */
        to: string;
        /** The type of the relation */
        relationType: string;
    }>;
};
/** Input of delete_entities. */
export type DeleteEntitiesInput = {
    /** An array of entity names to delete */
    entityNames: Array<string>;
};
/** Result of delete_entities. */
export type DeleteEntitiesOutput = {
    success: boolean;
    message: string;
};
/** Input of delete_observations. */
export type DeleteObservationsInput = {
    deletions: Array<{
        /** The name of the entity containing the observations */
        entityName: string;
        /** An array of observations to delete */
        observations: Array<string>;
    }>;
};
/** Result of delete_observations. */
export type DeleteObservationsOutput = {
    success: boolean;
    message: string;
};
/** Input of delete_relations. */
export type DeleteRelationsInput = {
    /** An array of relations to delete */
    relations: Array<{
        /** The name of the entity where the relation starts */
        from: string;
        /** The name of the entity where the relation ends */
        to: string;
        /** The type of the relation */
        relationType: string;
    }>;
};
/** Result of delete_relations. */
export type DeleteRelationsOutput = {
    success: boolean;
    message: string;
};
/** Input of open_nodes. */
export type OpenNodesInput = {
    /** An array of entity names to retrieve */
    names: Array<string>;
};
/** Result of open_nodes. */
export type OpenNodesOutput = {
    entities: Array<{
        /** The name of the entity */
        name: string;
        /** The type of the entity */
        entityType: string;
        /** An array of observation contents associated with the entity */
        observations: Array<string>;
    }>;
    relations: Array<{
        /** The name of the entity where the relation starts */
        from: string;
        /** The name of the entity where the relation ends */
        to: string;
        /** The type of the relation */
        relationType: string;
    }>;
};
/** Input of read_graph. */
export type ReadGraphInput = {
    [key: string]: unknown;
};
/** Result of read_graph. */
export type ReadGraphOutput = {
    entities: Array<{
        /** The name of the entity */
        name: string;
        /** The type of the entity */
        entityType: string;
        /** An array of observation contents associated with the entity */
        observations: Array<string>;
    }>;
    relations: Array<{
        /** The name of the entity where the relation starts */
        from: string;
        /** The name of the entity where the relation ends */
        to: string;
        /** The type of the relation */
        relationType: string;
    }>;
};
/** Input of search_nodes. */
export type SearchNodesInput = {
    /** The search query to match against entity names, types, and observation content */
    query: string;
};
/** Result of search_nodes. */
export type SearchNodesOutput = {
    entities: Array<{
        /** The name of the entity */
        name: string;
        /** The type of the entity */
        entityType: string;
        /** An array of observation contents associated with the entity */
        observations: Array<string>;
    }>;
    relations: Array<{
        /** The name of the entity where the relation starts */
        from: string;
        /** The name of the entity where the relation ends */
        to: string;
        /** The type of the relation */
        relationType: string;
    }>;
};
