/**
 * The storage API the CLI, serving and agent code use: the user config's serving and storage
 * settings, opening the configured store and its vault. The lazily opened storage a runtime reads
 * `vault:` references and OAuth tokens from is in the serving API (`runtime/serve/index.ts`).
 */

export { auditFilter, parseRetentionDays } from "./audit/filter.js";
export { pruneAudit, readAudit } from "./audit/log.js";
export { type AuditFilter, type AuditRecord, DEFAULT_RETENTION_DAYS } from "./audit/records.js";
export {
  configuredSettings,
  type OpenedStorage,
  openConfiguredStorage,
  type StorageSettings,
} from "./configured.js";
export { noteStoreUsed, type StoreIdentity } from "./last-store.js";
export { VaultError } from "./seal.js";
export { StoreError } from "./shared/types.js";
export { type UserConfig, type UserConfigSource, userConfigOf, userStorageSettings } from "./user-config.js";
