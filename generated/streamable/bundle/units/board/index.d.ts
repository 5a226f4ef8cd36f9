import type { UnitRuntime } from "unitc/runtime";
import type { AddCardInput, AddCardOutput, ListCardsInput, ListCardsOutput, MoveCardInput, MoveCardOutput } from "./types.js";
/** The ID of this unit. */
export declare const unitId = "board";
/** Board: A task board served by a remote MCP server over Streamable HTTP. */
export interface BoardClient {
    /** Adds a card to a column of the board (todo unless given). */
    add_card(input: AddCardInput): Promise<AddCardOutput>;
    /** Lists the cards of the board, or of one column. */
    list_cards(input?: ListCardsInput): Promise<ListCardsOutput>;
    /** Moves a card to another column. */
    move_card(input: MoveCardInput): Promise<MoveCardOutput>;
}
/** Binds the operations of unit "board" to a runtime. */
export declare function createBoardClient(runtime: UnitRuntime): BoardClient;
