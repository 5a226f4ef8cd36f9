/** Input of threeDay. */
export type ThreeDayInput = {
    city: string;
};
/** Result of threeDay. */
export type ThreeDayOutput = unknown;
