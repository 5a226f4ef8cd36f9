/** Input of add_card. */
export type AddCardInput = {
    title: string;
    column?: "todo" | "doing" | "done";
};
/** Result of add_card. */
export type AddCardOutput = {
    id: string;
    title: string;
    column: "todo" | "doing" | "done";
};
/** Input of list_cards. */
export type ListCardsInput = {
    column?: "todo" | "doing" | "done";
};
/** Result of list_cards. */
export type ListCardsOutput = {
    cards: Array<{
        id: string;
        title: string;
        column: "todo" | "doing" | "done";
    }>;
};
/** Input of move_card. */
export type MoveCardInput = {
    id: string;
    column: "todo" | "doing" | "done";
};
/** Result of move_card. */
export type MoveCardOutput = {
    id: string;
    title: string;
    column: "todo" | "doing" | "done";
};
/** Board: A task board served by a remote MCP server over Streamable HTTP. */
export interface Client {
    /** Adds a card to a column of the board (todo unless given). */
    add_card(input: AddCardInput): Promise<AddCardOutput>;
    /** Lists the cards of the board, or of one column. */
    list_cards(input?: ListCardsInput): Promise<ListCardsOutput>;
    /** Moves a card to another column. */
    move_card(input: MoveCardInput): Promise<MoveCardOutput>;
}
