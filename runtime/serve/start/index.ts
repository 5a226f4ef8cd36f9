/**
 * The public serving API: settings from flags, environment and the user config (`serveSettings`),
 * and `startServing`, which serves a bundle over stdio or HTTP and gives back a handle. The CLI, agent
 * code and tests start serving here; nothing of HTTP serving loads until an HTTP serve starts.
 */
export type { ServeHost } from "../host/host.js";
export { ServeSetupError } from "../shared/setup-error.js";
export { searchLimitDefault, serveDefault } from "./defaults.js";
export {
  localReadiness,
  openPublished,
  type PublishedServing,
  publishedWithoutStorage,
} from "./published.js";
export {
  checked,
  checkTransportFlags,
  emptyManifest,
  resolveServeSettings,
  type ServeFlags,
  type ServeSettings,
  serveSettings,
} from "./settings.js";
export {
  type HttpServingInfo,
  type ServingHandle,
  type StartServingOptions,
  startServing,
} from "./start.js";
