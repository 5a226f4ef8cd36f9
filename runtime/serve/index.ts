/** Serving a compiled bundle over MCP (stdio or Streamable HTTP), optionally stacked on an upstream. */

export {
  type LazyStorage,
  lazyStorage,
  type RuntimeStorageOptions,
  runtimeStorage,
} from "../calls/runtime-storage.js";
export { DEFAULT_TOKEN_VARIABLE, resolveServeToken, type ServeToken, TOKEN_FILE } from "./auth/token.js";
export {
  changedAnything,
  createServeHost,
  type ReloadNext,
  type ReloadResult,
  SEARCH_INDEX_FILE,
  type ServeHost,
  type ServeHostOptions,
} from "./host/host.js";
export type { UpstreamOptions, UpstreamState } from "./host/upstream.js";
export { DEFAULT_MAX_BODY_BYTES, type HttpServeOptions, type HttpServing, serveHttp } from "./http/serve.js";
export { CODE_MODE_TOOL, fitToolName, SEARCH_TOOL } from "./sessions/names.js";
export { createMcpServer } from "./sessions/server.js";
export { CATALOG_FORMAT, type Catalog, type CatalogUnit, type ServedUnit } from "./shared/catalog.js";
export { mergeUnits, type NamespaceAliases, namespacedId } from "./shared/merge.js";
export { ServeSetupError } from "./shared/setup-error.js";
export * from "./start/index.js";
export { type StdioServeOptions, type StdioServing, serveStdio } from "./stdio/stdio.js";
