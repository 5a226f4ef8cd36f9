/**
 * Conformance for auth objects (each type valid, and with a required field missing or a field of
 * another type) and storage providers (each shape with its required fields, valid and missing).
 */
import { describe } from "vitest";
import {
  type ConformanceTable,
  runConformance,
  USER_CONFIG,
  unit,
  userConfig,
} from "../../support/conformance.js";

/** An HTTP API unit whose auth is the YAML flow mapping `auth`. */
const withAuth = (auth: string) =>
  unit(`name: Notes
description: A notes service.
httpApi:
  baseUrl: https://notes.example.com
  auth: ${auth}
  actions: {}
`);

const OAUTH_FIELDS = `authorizationUrl: https://id.example.com/authorize, tokenUrl: https://id.example.com/token,
    issuer: https://id.example.com, resourceMetadataUrl: https://notes.example.com/.well-known/oauth-protected-resource,
    authorizationServerMetadataUrl: https://id.example.com/.well-known/oauth-authorization-server,
    openidConfigurationUrl: https://id.example.com/.well-known/openid-configuration,
    clientMetadataUrl: https://notes.example.com/client.json, clientId: notes-cli, clientSecret: env:NOTES_SECRET,
    redirectUri: http://127.0.0.1:7777/callback, scopes: [notes.read, notes.write]`;

const auth: ConformanceTable = [
  ["type none is valid", { files: withAuth("{ type: none }"), want: "" }],
  [
    "type none with a token is rejected",
    {
      files: withAuth("{ type: none, token: env:T }"),
      want: `
.units/u.md:6:23 error FORBIDDEN_PROPERTY "token" is not allowed in "auth" when "type" is "none"
  hint: remove "token", or set "type" to "bearer"`,
    },
  ],
  [
    "type bearer with a token is valid",
    { files: withAuth("{ type: bearer, token: env:NOTES_TOKEN }"), want: "" },
  ],
  [
    "type bearer without a token is rejected",
    {
      files: withAuth("{ type: bearer }"),
      want: `
.units/u.md:6:3 error MISSING_PROPERTY "auth" is missing the required property "token"
  hint: add "token"`,
    },
  ],
  [
    "type bearer with an empty token is rejected",
    {
      files: withAuth('{ type: bearer, token: "" }'),
      want: `
.units/u.md:6:32 error TOO_SHORT "token" must be at least 1 character long
  hint: write a non-empty value, or remove the property`,
    },
  ],
  [
    "type headers with headers is valid",
    {
      files: withAuth('{ type: headers, headers: { X-Api-Key: env:KEY, Authorization: "Bearer ${TOKEN}" } }'),
      want: "",
    },
  ],
  [
    "type headers without headers is rejected",
    {
      files: withAuth("{ type: headers }"),
      want: `
.units/u.md:6:3 error MISSING_PROPERTY "auth" is missing the required property "headers"
  hint: add "headers"`,
    },
  ],
  [
    "type headers with an empty header value is rejected",
    {
      files: withAuth('{ type: headers, headers: { X-Api-Key: "" } }'),
      want: `
.units/u.md:6:48 error TOO_SHORT "X-Api-Key" must be at least 1 character long
  hint: write a non-empty value, or remove the property`,
    },
  ],
  [
    "type headers with a token is rejected",
    {
      files: withAuth("{ type: headers, headers: {}, token: env:T }"),
      want: `
.units/u.md:6:39 error FORBIDDEN_PROPERTY "token" is not allowed in "auth" when "type" is "headers"
  hint: remove "token", or set "type" to "bearer"`,
    },
  ],
  [
    "type oauth2 with every field is valid",
    { files: withAuth(`{ type: oauth2, ${OAUTH_FIELDS} }`), want: "" },
  ],
  ["type oauth2 with no other field is valid", { files: withAuth("{ type: oauth2 }"), want: "" }],
  [
    "type oauth2 with an empty clientId is rejected",
    {
      files: withAuth('{ type: oauth2, clientId: "" }'),
      want: `
.units/u.md:6:35 error TOO_SHORT "clientId" must be at least 1 character long
  hint: write a non-empty value, or remove the property`,
    },
  ],
  [
    "type oauth2 with an empty scope is rejected",
    {
      files: withAuth('{ type: oauth2, scopes: [read, ""] }'),
      want: `
.units/u.md:6:40 error TOO_SHORT "scopes[1]" must be at least 1 character long
  hint: write a non-empty value, or remove the property`,
    },
  ],
  [
    "type oauth2 with a literal clientSecret is rejected",
    {
      files: withAuth("{ type: oauth2, clientSecret: hunter2 }"),
      want: `
.units/u.md:6:39 error LITERAL_SECRET "clientSecret" holds a literal secret; secrets must be references
  hint: write env:NAME (or \${NAME}) and set NAME in the environment`,
    },
  ],
  ["type oidc with every field is valid", { files: withAuth(`{ type: oidc, ${OAUTH_FIELDS} }`), want: "" }],
  [
    "type oidc with a misspelt field is rejected",
    {
      files: withAuth("{ type: oidc, clientSecrett: env:S }"),
      want: `
.units/u.md:6:23 error UNKNOWN_PROPERTY unknown property "clientSecrett" in "auth"
  hint: did you mean "clientSecret"?`,
    },
  ],
  [
    "type oidc with headers is rejected",
    {
      files: withAuth("{ type: oidc, headers: { A: env:B } }"),
      want: `
.units/u.md:6:23 error FORBIDDEN_PROPERTY "headers" is not allowed in "auth" when "type" is "oidc"
  hint: remove "headers", or set "type" to "headers"`,
    },
  ],
  [
    "auth without type is rejected",
    {
      files: withAuth("{ clientId: notes-cli }"),
      want: `
.units/u.md:6:3 error MISSING_PROPERTY "auth" is missing the required property "type"
  hint: add "type"`,
    },
  ],
  [
    "an unknown auth type is rejected",
    {
      files: withAuth("{ type: basic }"),
      want: `
.units/u.md:6:17 error INVALID_VALUE "type" is "basic"; expected one of "none", "bearer", "headers", "oauth2", "oidc"
  hint: use one of "none", "bearer", "headers", "oauth2", "oidc"`,
    },
  ],
  [
    "an auth that is not an object is rejected",
    {
      files: withAuth("none"),
      want: `
.units/u.md:6:9 error WRONG_TYPE "auth" must be an object, not the string "none"
  hint: write an object of key: value pairs`,
    },
  ],
];

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
    "postgresql with a connection reference is valid",
    { ...storage({ provider: "postgresql", connection: "env:UNITS_DSN" }), want: "" },
  ],
  [
    "postgresql without a connection is rejected",
    {
      ...storage({ provider: "postgresql" }),
      want: `
home/units/config.json:2:3 error MISSING_PROPERTY "storage" is missing the required property "connection"
  hint: add "connection"`,
    },
  ],
  [
    "postgresql with a literal connection string is rejected",
    {
      ...storage({ provider: "postgresql", connection: "postgres://u:p@db/units" }),
      want: `
home/units/config.json:4:19 error LITERAL_SECRET "connection" holds a literal secret; secrets must be references
  hint: write env:NAME (or \${NAME}) and set NAME in the environment`,
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
      }),
      want: "",
    },
  ],
  [
    "object_store without a bucket is rejected",
    {
      ...storage({ provider: "object_store", region: "eu-west-1" }),
      want: `
home/units/config.json:2:3 error MISSING_PROPERTY "storage" is missing the required property "bucket"
  hint: add "bucket"`,
    },
  ],
  [
    "object_store without a region is rejected",
    {
      ...storage({ provider: "object_store", bucket: "units-state" }),
      want: `
home/units/config.json:2:3 error MISSING_PROPERTY "storage" is missing the required property "region"
  hint: add "region"`,
    },
  ],
  [
    "object_store with literal credentials is rejected",
    {
      ...storage({ provider: "object_store", bucket: "b", region: "r", credentials: "AKIAEXAMPLE" }),
      want: `
home/units/config.json:6:20 error LITERAL_SECRET "credentials" holds a literal secret; secrets must be references
  hint: write env:NAME (or \${NAME}) and set NAME in the environment`,
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
  hint: write env:NAME (or \${NAME}) and set NAME in the environment`,
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

describe("auth types", () => runConformance(auth));
describe("storage providers", () => runConformance(storageCases));
