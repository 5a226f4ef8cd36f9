/** unitc's runtime: load a compiled bundle and call its units. Generated code imports only this. */

export {
  type CallOptions,
  createRuntime,
  type RuntimeOptions,
  type UnitRuntime,
} from "./calls/create-runtime.js";
export type { RuntimeStorageOptions } from "./calls/runtime-storage.js";
export { bundleManifestPath } from "./contract/bundle-manifest.js";
export { isUnitError, UnitError, type UnitErrorCode, type UnitErrorDetails } from "./contract/errors.js";
export {
  checkManifest,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestOperation,
  type ManifestUnit,
  readManifest,
} from "./contract/manifest.js";
export type { InvokeResult } from "./invoke/shared/types.js";
export type { RuntimeEvent } from "./shared/resources.js";
export {
  type OpenedStorage,
  openConfiguredStorage,
  type StorageSettings,
} from "./storage/configured.js";
export { type UserConfigSource, userStorageSettings } from "./storage/user-storage.js";
