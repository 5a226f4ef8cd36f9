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
