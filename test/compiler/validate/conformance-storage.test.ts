/**
 * Conformance for storage providers (user config only): each provider shape with its required
 * fields, valid and with one missing, plus fields of another provider and literal secrets.
 */
import { describe } from "vitest";
import { type ConformanceTable, runConformance, USER_CONFIG, userConfig } from "../../support/conformance.js";

/** A user config holding only `storage`. */
const storage = (value: Record<string, unknown>) => ({
  files: userConfig({ storage: value }),
  userConfig: USER_CONFIG,
});

const storageCases: ConformanceTable = [
  ["filesystem without a path is valid", { ...storage({ provider: "filesystem" }), want: "" }],
  [
    "filesystem with a path and the common fields is valid",
    {
      ...storage({
        provider: "filesystem",
        path: "/var/lib/units",
        pollIntervalMs: 500,
        vaultKey: "env:UNITS_KEY",
      }),
      want: "",
    },
  ],
  ["sqlite with a path is valid", { ...storage({ provider: "sqlite", path: "units.db" }), want: "" }],
  [
    "sqlite without a path is rejected",
    {
      ...storage({ provider: "sqlite" }),
      want: `
home/units/config.json:2:3 error MISSING_PROPERTY "storage" is missing the required property "path"
  hint: add "path"`,
    },
  ],
  [
    "sqlite with a bucket is rejected",
    {
      ...storage({ provider: "sqlite", path: "units.db", bucket: "b" }),
      want: `
home/units/config.json:5:5 error FORBIDDEN_PROPERTY "bucket" is not allowed in "storage" when "provider" is "sqlite"
  hint: remove "bucket", or set "provider" to "object_store"`,
    },
  ],
  [
    "postgresql with a connection and a vaultKey reference is valid",
    {
      ...storage({ provider: "postgresql", connection: "env:UNITS_DSN", vaultKey: "env:UNITS_KEY" }),
      want: "",
    },
  ],
  [
    "postgresql without a vaultKey is warned about at the storage block, since it never makes a key",
    {
      ...storage({ provider: "postgresql", connection: "env:UNITS_DSN" }),
      want: `
home/units/config.json:2:3 warning STORAGE_NO_VAULT_KEY storage provider postgresql has no vaultKey, so the store will not open
  hint: set storage.vaultKey to env:NAME or file:/abs/path holding 32 random bytes as base64url, the same on every replica`,
    },
  ],
  [
    "object_store without a vaultKey is warned about at the storage block",
    {
      ...storage({ provider: "object_store", bucket: "b", region: "r" }),
      want: `
home/units/config.json:2:3 warning STORAGE_NO_VAULT_KEY storage provider object_store has no vaultKey, so the store will not open
  hint: set storage.vaultKey to env:NAME or file:/abs/path holding 32 random bytes as base64url, the same on every replica`,
    },
  ],
  [
    "sqlite without a vaultKey is valid: it makes its own",
    { ...storage({ provider: "sqlite", path: "u.db" }), want: "" },
  ],
  [
    "postgresql without a connection is rejected",
    {
      ...storage({ provider: "postgresql", vaultKey: "env:K" }),
      want: `
home/units/config.json:2:3 error MISSING_PROPERTY "storage" is missing the required property "connection"
  hint: add "connection"`,
    },
  ],
  [
    "postgresql with a literal connection string is rejected",
    {
      ...storage({ provider: "postgresql", connection: "postgres://u:p@db/units", vaultKey: "env:K" }),
      want: `
home/units/config.json:4:19 error LITERAL_SECRET "connection" holds a literal secret; secrets must be references
  hint: write env:NAME (set NAME in the environment) or file:/abs/path (a file only its owner can read)`,
    },
  ],
  [
    "object_store with bucket, region and every optional field is valid",
    {
      ...storage({
        provider: "object_store",
        bucket: "units-state",
        region: "eu-west-1",
        path: "prod",
        credentials: "env:UNITS_S3",
        endpoint: "https://s3.example.com",
        forcePathStyle: true,
        vaultKey: "env:UNITS_KEY",
      }),
      want: "",
    },
  ],
  [
    "object_store without a bucket is rejected",
    {
      ...storage({ provider: "object_store", region: "eu-west-1", vaultKey: "env:K" }),
      want: `
home/units/config.json:2:3 error MISSING_PROPERTY "storage" is missing the required property "bucket"
  hint: add "bucket"`,
    },
  ],
  [
    "object_store without a region is rejected",
    {
      ...storage({ provider: "object_store", bucket: "units-state", vaultKey: "env:K" }),
      want: `
home/units/config.json:2:3 error MISSING_PROPERTY "storage" is missing the required property "region"
  hint: add "region"`,
    },
  ],
  [
    "object_store with literal credentials is rejected",
    {
      ...storage({
        provider: "object_store",
        bucket: "b",
        region: "r",
        credentials: "AKIAEXAMPLE",
        vaultKey: "env:K",
      }),
      want: `
home/units/config.json:6:20 error LITERAL_SECRET "credentials" holds a literal secret; secrets must be references
  hint: write env:NAME (set NAME in the environment) or file:/abs/path (a file only its owner can read)`,
    },
  ],
  [
    "storage without a provider is rejected",
    {
      ...storage({ path: "/var/lib/units" }),
      want: `
home/units/config.json:2:3 error MISSING_PROPERTY "storage" is missing the required property "provider"
  hint: add "provider"`,
    },
  ],
  [
    "an unknown storage provider is rejected",
    {
      ...storage({ provider: "s3" }),
      want: `
home/units/config.json:3:17 error INVALID_VALUE "provider" is "s3"; expected one of "filesystem", "sqlite", "postgresql", "object_store"
  hint: use one of "filesystem", "sqlite", "postgresql", "object_store"`,
    },
  ],
  [
    "a literal vaultKey is rejected",
    {
      ...storage({ provider: "filesystem", vaultKey: "0123456789abcdef" }),
      want: `
home/units/config.json:4:17 error LITERAL_SECRET "vaultKey" holds a literal secret; secrets must be references
  hint: write env:NAME (set NAME in the environment) or file:/abs/path (a file only its owner can read)`,
    },
  ],
  [
    "storage secrets given as file: references are valid",
    {
      ...storage({
        provider: "object_store",
        bucket: "b",
        region: "r",
        credentials: "file:/run/secrets/s3.json",
        vaultKey: "file:/run/secrets/vault-key",
      }),
      want: "",
    },
  ],
  [
    "a vault: reference in a storage field is rejected, since the vault lives in that store",
    {
      ...storage({ provider: "postgresql", connection: "vault:dsn", vaultKey: "env:K" }),
      want: `
home/units/config.json:4:19 error LITERAL_SECRET "connection" takes only an env:NAME or file:/abs/path reference
  hint: write env:NAME (set NAME in the environment) or file:/abs/path (a file only its owner can read)`,
    },
  ],
  [
    "a template in a storage field is rejected",
    {
      ...storage({ provider: "filesystem", vaultKey: "${UNITS_KEY}" }),
      want: `
home/units/config.json:4:17 error LITERAL_SECRET "vaultKey" takes only an env:NAME or file:/abs/path reference
  hint: write env:NAME (set NAME in the environment) or file:/abs/path (a file only its owner can read)`,
    },
  ],
  [
    "a relative file: path in a storage field is rejected",
    {
      ...storage({ provider: "filesystem", vaultKey: "file:vault.key" }),
      want: `
home/units/config.json:4:17 error LITERAL_SECRET "vaultKey" holds a literal secret; secrets must be references
  hint: write env:NAME (set NAME in the environment) or file:/abs/path (a file only its owner can read)`,
    },
  ],
  [
    "credentials written inline as an object are rejected",
    {
      ...storage({
        provider: "object_store",
        bucket: "b",
        region: "r",
        credentials: { accessKeyId: "AKIA", secretAccessKey: "x" },
        vaultKey: "env:K",
      }),
      want: `
home/units/config.json:6:20 error WRONG_TYPE "credentials" must be a string, not an object
  hint: write env:NAME or file:/abs/path; the credentials JSON goes in that variable or owner-only file, never in the config`,
    },
  ],
  [
    "pollIntervalMs 0 is rejected",
    {
      ...storage({ provider: "filesystem", pollIntervalMs: 0 }),
      want: `
home/units/config.json:4:23 error OUT_OF_RANGE "pollIntervalMs" is 0; it must be greater than 0
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
];

describe("storage providers", () => runConformance(storageCases));
