import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "board";
/** Board: A task board served by a remote MCP server over Streamable HTTP. */
export interface BoardClient {
    /** Adds a card to a column of the board (todo unless given). */
    add_card(input: T.AddCardInput): Promise<T.AddCardOutput>;
    /** Lists the cards of the board, or of one column. */
    list_cards(input?: T.ListCardsInput): Promise<T.ListCardsOutput>;
    /** Moves a card to another column. */
    move_card(input: T.MoveCardInput): Promise<T.MoveCardOutput>;
}
/** Binds the operations of unit "board" to a runtime. */
export declare function createBoardClient(runtime: UnitRuntime): BoardClient;
