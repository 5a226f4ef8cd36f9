/** unitc's runtime: load a compiled bundle and call its units. Generated code imports only this. */
export { bundleManifestPath } from "./bundle-manifest.js";
export { type CallOptions, createRuntime, type RuntimeOptions, type UnitRuntime } from "./core.js";
export { isUnitError, UnitError, type UnitErrorCode, type UnitErrorDetails } from "./errors.js";
export type { InvokeResult } from "./invoke/types.js";
export {
  checkManifest,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestOperation,
  type ManifestUnit,
  readManifest,
} from "./manifest.js";
export type { RuntimeEvent } from "./resources.js";
export type { RuntimeServices } from "./services.js";
export {
  type OpenedStorage,
  openConfiguredStorage,
  type StorageSettings,
} from "./storage/configured.js";
export type { RuntimeStorageOptions } from "./storage/lazy.js";
export { type UserConfigSource, userStorageSettings } from "./storage/user-config.js";
