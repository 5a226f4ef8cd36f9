/** Canonical JSON and content hashes: shared with the runtime, which recomputes schema hashes. */
export { canonicalJson, contentHash } from "../../runtime/shared/canonical.js";
