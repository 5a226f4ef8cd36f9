/** True when dist/ was built after the last change to anything the build reads. */
export function distIsFresh(): boolean;
/** Runs `npm run build` in the checkout (its errors go to stderr and throw). */
export function build(): void;
