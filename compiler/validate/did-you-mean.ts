/** The did-you-mean helpers, which live in runtime/ so the runtime's hints use them too. */
export { didYouMean, editDistance, nearestNames } from "../../runtime/shared/did-you-mean.js";
