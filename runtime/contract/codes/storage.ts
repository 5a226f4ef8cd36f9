/**
 * Runtime codes of storage (filesystem, sqlite, postgresql, object_store), its sealed vault and the
 * bundles unitc publish puts there.
 */
import { type ErrorCodeEntry, entry } from "./entry.js";

/** The codes of storage, the vault and published bundles. */
export const storageCodes = {
  STORAGE_UNAVAILABLE: entry(
    "the storage a runtime reads vault: secrets and OAuth tokens from cannot be opened (the user config's, or createUnits' storage or userConfig option)",
    "read the store's own code and hint in the message; unitc storage status opens the user config's storage the same way",
    "unitc call github listIssues → storage cannot be opened: STORAGE_UNREACHABLE connect ECONNREFUSED 127.0.0.1:5432",
  ),
  STORAGE_BAD_CONFIG: entry(
    "the user config's storage settings are incomplete or wrong (provider, connection, credentials, vaultKey)",
    "fix the storage field the message names; secrets go in as env:NAME or file:/abs/path",
    'storage: { provider: "object_store" } without a bucket',
  ),
  STORAGE_BAD_KEY: entry(
    "a storage record's namespace or name has characters or a length storage does not take",
    "use 1-200 characters of A-Z a-z 0-9 . _ : @ - with / between segments",
    'unitc secret set "my token" → the name has a space',
  ),
  STORAGE_CORRUPT: entry(
    "a record in storage is not what unitc wrote there (not a store record, or not a published head)",
    "restore it from a backup or delete it; a published head is written again by unitc publish",
    "a hand-edited file under ~/.local/share/unitc/store is no longer JSON",
  ),
  STORAGE_NO_PRECONDITIONS: entry(
    "the object store ignores conditional writes (If-None-Match, If-Match), so concurrent writers could lose data",
    "use an endpoint that supports them (AWS S3, recent MinIO, R2), or another storage provider",
    "an S3-compatible server overwrote a record despite If-None-Match: *",
  ),
  STORAGE_NOT_MIGRATED: entry(
    "the PostgreSQL store's schema is older than this unitc needs",
    "run unitc storage migrate (serving never changes the schema itself)",
    "unitc serve --published after upgrading unitc, before unitc storage migrate",
  ),
  STORAGE_NOT_WRITABLE: entry(
    "storage cannot be written: the database does not open for writing, a folder is not writable, or a lock stays held",
    "check the folder's or database's owner and mode; a .lock file no process holds can be deleted",
    "unitc secret set TOKEN with a store folder owned by root → EACCES",
  ),
  STORAGE_SCHEMA_NEWER: entry(
    "the store was written by a newer unitc, whose schema this one does not know",
    "upgrade unitc; an older one must not write to it",
    "an older unitc on a replica opens a store a newer one migrated to schema 4",
  ),
  STORAGE_UNREACHABLE: entry(
    "storage cannot be read: the folder, database or object store does not answer",
    "check the storage location in the user config, that it exists and that this user may read it",
    "unitc storage status → connect ECONNREFUSED 127.0.0.1:5432",
  ),
  STORAGE_EXPORT_SYMLINK: entry(
    "unitc storage export --to names a symbolic link, which it does not write through",
    "pass the path of a regular file, or of one that does not exist yet",
    "unitc storage export --to backup.json, where backup.json links to /etc/passwd",
  ),
  VAULT_BAD_KEY: entry(
    "storage.vaultKey is not 32 bytes as base64url, or its key file is readable or writable by others",
    "set vaultKey to a reference holding 32 random bytes as base64url (openssl rand -base64 32 | tr '+/' '-_'), in an owner-only file (chmod 600)",
    "storage.vaultKey is env:VAULT_KEY, and VAULT_KEY holds 16 bytes",
  ),
  VAULT_CORRUPT: entry(
    "a sealed record or a storage dump is not one unitc can open: altered, moved from another record, or another format",
    "restore the record from an export, or delete it and set the secret again; import only files unitc storage export wrote",
    "the sealed record of GITHUB_TOKEN was copied over the record of NOTES_TOKEN",
  ),
  VAULT_NO_KEY: entry(
    "a shared storage provider has no storage.vaultKey; unitc never makes one up, since every replica must share it",
    "set storage.vaultKey to a reference (env:NAME or file:/abs/path) to the key all replicas use",
    'storage: { provider: "postgresql", connection: "env:DATABASE_URL" } without vaultKey',
  ),
  VAULT_WRONG_KEY: entry(
    "a sealed record was sealed with another vault key than the one configured",
    "set vaultKey to the key with the id the message names, or rotate with unitc storage rotate-key --old <ref>",
    "a replica started with a new vaultKey reads a record sealed with key id 3fa1c9",
  ),
  VAULT_ROLLBACK: entry(
    "a sealed record is older than its namespace's index says (put back from an older copy, or found after its delete), or its namespace has records but no index",
    "delete the record and write it again (unitc secret delete, unitc auth logout), restore the store from a trusted copy, or adopt an earlier unitc's store with unitc storage export then import",
    "a week-old copy of the secret GITHUB_TOKEN was put back over the current one",
  ),
  BUNDLE_NOT_FOUND: entry(
    "unitc publish found no compiled bundle (a folder with manifest.json and no symbolic links)",
    "run unitc compile first, or point --out at its output folder",
    "unitc publish in a fresh project before unitc compile",
  ),
  PUBLISHED_BUNDLE_INVALID: entry(
    "a published bundle is missing a part in storage or does not match its digest; it is not served",
    "publish the bundle again with unitc publish; replicas keep serving the last good one meanwhile",
    "the published head names bundle sha256:9c1e…, whose manifest.json is missing from the store",
  ),
  PUBLISHED_HEAD_UNVERIFIED: entry(
    "the published head carries no signature, or one that does not verify with the replica's key; the bundle it names is not served",
    "publish again with unitc publish and the publishing key (storage.publishKey, or the replicas' vaultKey); replicas keep serving the last good bundle meanwhile",
    "a head written to the store by hand, without the publishing key's signature",
  ),
  PUBLISH_KEY_INVALID: entry(
    "storage.publishKey or storage.publisherPublicKey is not 32 bytes as base64url",
    "make a key pair with unitc publish keygen FILE; set publishKey to a reference to FILE and publisherPublicKey to the printed public key",
    'storage.publisherPublicKey is "MCowBQYDK2VwAyEA…", a PEM body instead of 32 bytes as base64url',
  ),
} satisfies Record<string, ErrorCodeEntry>;
