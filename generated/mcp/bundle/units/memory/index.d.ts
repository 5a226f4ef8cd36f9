import type { UnitRuntime } from "unitc/runtime";
import type { AddObservationsInput, AddObservationsOutput, CreateEntitiesInput, CreateEntitiesOutput, CreateRelationsInput, CreateRelationsOutput, DeleteEntitiesInput, DeleteEntitiesOutput, DeleteObservationsInput, DeleteObservationsOutput, DeleteRelationsInput, DeleteRelationsOutput, OpenNodesInput, OpenNodesOutput, ReadGraphInput, ReadGraphOutput, SearchNodesInput, SearchNodesOutput } from "./types.js";
/** The ID of this unit. */
export declare const unitId = "memory";
/** Memory: A knowledge graph kept in a local file, through the reference MCP memory server over stdio. */
export interface MemoryClient {
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
/** Binds the operations of unit "memory" to a runtime. */
export declare function createMemoryClient(runtime: UnitRuntime): MemoryClient;
