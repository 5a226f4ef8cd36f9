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
/** Memory: A knowledge graph kept in a local file, through the reference MCP memory server over stdio. */
export interface Client {
    /** Add new observations to existing entities in the knowledge graph */
    add_observations(input: AddObservationsInput): Promise<AddObservationsOutput>;
    /** Create multiple new entities in the knowledge graph */
    create_entities(input: CreateEntitiesInput): Promise<CreateEntitiesOutput>;
    /** Create multiple new relations between entities in the knowledge graph. Relations should be in active voice */
    create_relations(input: CreateRelationsInput): Promise<CreateRelationsOutput>;
    /** Delete multiple entities and their associated relations from the knowledge graph */
    delete_entities(input: DeleteEntitiesInput): Promise<DeleteEntitiesOutput>;
    /** Delete specific observations from entities in the knowledge graph */
    delete_observations(input: DeleteObservationsInput): Promise<DeleteObservationsOutput>;
    /** Delete multiple relations from the knowledge graph */
    delete_relations(input: DeleteRelationsInput): Promise<DeleteRelationsOutput>;
    /** Open specific nodes in the knowledge graph by their names */
    open_nodes(input: OpenNodesInput): Promise<OpenNodesOutput>;
    /** Read the entire knowledge graph */
    read_graph(input?: ReadGraphInput): Promise<ReadGraphOutput>;
    /** Search for nodes in the knowledge graph based on a query */
    search_nodes(input: SearchNodesInput): Promise<SearchNodesOutput>;
}
