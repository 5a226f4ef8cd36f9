import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "data__memo__memory";
/** Memory: A knowledge graph kept in a local file, through the reference MCP memory server over stdio. */
export interface DataMemoMemoryClient {
    /** Add new observations to existing entities in the knowledge graph */
    add_observations(input: T.AddObservationsInput): Promise<T.AddObservationsOutput>;
    /** Create multiple new entities in the knowledge graph */
    create_entities(input: T.CreateEntitiesInput): Promise<T.CreateEntitiesOutput>;
    /** Create multiple new relations between entities in the knowledge graph. Relations should be in active voice */
    create_relations(input: T.CreateRelationsInput): Promise<T.CreateRelationsOutput>;
    /** Delete multiple entities and their associated relations from the knowledge graph */
    delete_entities(input: T.DeleteEntitiesInput): Promise<T.DeleteEntitiesOutput>;
    /** Delete specific observations from entities in the knowledge graph */
    delete_observations(input: T.DeleteObservationsInput): Promise<T.DeleteObservationsOutput>;
    /** Delete multiple relations from the knowledge graph */
    delete_relations(input: T.DeleteRelationsInput): Promise<T.DeleteRelationsOutput>;
    /** Open specific nodes in the knowledge graph by their names */
    open_nodes(input: T.OpenNodesInput): Promise<T.OpenNodesOutput>;
    /** Read the entire knowledge graph */
    read_graph(input?: T.ReadGraphInput): Promise<T.ReadGraphOutput>;
    /** Search for nodes in the knowledge graph based on a query */
    search_nodes(input: T.SearchNodesInput): Promise<T.SearchNodesOutput>;
}
/** Binds the operations of unit "data__memo__memory" to a runtime. */
export declare function createDataMemoMemoryClient(runtime: UnitRuntime): DataMemoMemoryClient;
