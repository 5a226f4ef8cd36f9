/**
 * Conformance for auth objects: each type valid, and with a required field missing, empty, or
 * belonging to another type. Storage providers are in conformance-storage.test.ts.
 */
import { describe } from "vitest";
import { type ConformanceTable, runConformance, unit } from "../../support/conformance.js";

/** An HTTP API unit whose auth is the YAML flow mapping `auth`. */
const withAuth = (auth: string) =>
  unit(`name: Notes
description: A notes service.
httpApi:
  baseUrl: https://notes.example.com
  auth: ${auth}
  actions: { list: { method: GET, path: /x } }
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
    "type bearer with a vault: token is valid (the store is read at call time)",
    { files: withAuth("{ type: bearer, token: vault:NOTES_TOKEN }"), want: "" },
  ],
  [
    "type headers with a file: reference is valid",
    { files: withAuth('{ type: headers, headers: { X-Api-Key: "file:/run/secrets/notes" } }'), want: "" },
  ],
  [
    "type bearer with a vault: reference holding a space is rejected",
    {
      files: withAuth('{ type: bearer, token: "vault:my token" }'),
      want: `
.units/u.md:6:32 error LITERAL_SECRET "token" holds a literal secret; secrets must be references
  hint: write env:NAME (or \${NAME}) and set NAME in the environment`,
    },
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

describe("auth types", () => runConformance(auth));
