/**
 * The validate stage's part of the diagnostic catalogue (`diagnostic-codes.ts` joins it in): what the
 * JSON Schemas and unitc's own keywords report, and the rules over a whole document.
 */
import { type CodeEntry, error, warning } from "./code-entry.js";

/** Codes of schema validation and document rules. */
export const validateCodes = {
  // Schema validation
  INVALID_KEY: error(
    "a map key is not a valid name",
    "rename the key to 1-64 letters, digits, _ or -",
    "httpApis:\n  my notes:\n    baseUrl: https://notes.example.com",
  ),
  UNKNOWN_PROPERTY: error(
    "a property the schema does not allow",
    "remove it, or fix its spelling",
    "descripton: typo",
  ),
  FORBIDDEN_PROPERTY: error(
    "a property that is not allowed in this form of the block",
    "remove it, or change the field that selects the form",
    "auth:\n  type: none\n  token: env:NOTES_TOKEN",
  ),
  MISSING_PROPERTY: error(
    "a required property is missing",
    "add the property",
    "httpApi:\n  actions:\n    listNotes:\n      path: /notes",
  ),
  MUTUALLY_EXCLUSIVE: error(
    "properties that exclude each other are set together",
    "keep exactly one of them",
    "openapiEndpoint:\n  specPath: openapi.yaml\n  specUrl: https://api.example.com/openapi.json",
  ),
  ONE_OF_REQUIRED: error(
    "none of the alternative properties is set",
    "add one of them",
    "openapiEndpoint:\n  baseUrl: https://api.example.com",
  ),
  WRONG_TYPE: error(
    "a value has the wrong type",
    "write a value of the type the message names",
    "timeoutMs: soon",
  ),
  INVALID_VALUE: error(
    "a value is not one of the allowed values",
    "use one of the values the message lists",
    "options:\n  exposure: everywhere",
  ),
  PATTERN_MISMATCH: error(
    "a string does not match its pattern",
    "write the value in the form the hint describes",
    "auth:\n  type: bearer\n  token: env:notes-token",
  ),
  TOO_SHORT: error(
    "a string or list is shorter than allowed",
    "lengthen it, or remove the property",
    'name: ""',
  ),
  TOO_LONG: error(
    "a string or list is longer than allowed",
    "shorten it",
    "description: <a description of 5,000 characters>",
  ),
  DUPLICATE_ITEM: error("a list holds the same item twice", "remove the duplicate", "tags: [notes, notes]"),
  OUT_OF_RANGE: error(
    "a number is outside its allowed range",
    "use a number inside the range",
    "httpApi:\n  requestTimeoutMs: 0",
  ),
  INVALID_FORMAT: error(
    "a string is not in its required format",
    "write a value in the format the message names",
    'inputSchema:\n  type: object\n  properties:\n    id: { type: string, pattern: "[a-z" }',
  ),
  SCHEMA_VIOLATION: error(
    "a value breaks a schema rule",
    "fix the value the message names",
    "inputSchema:\n  type: object\n  properties:\n    limit: { type: integer, default: ten }",
  ),
  INVALID_URL: {
    ...error(
      "a URL breaks unitc's URL rules",
      "use an absolute http(s) URL without credentials",
      "httpApi:\n  baseUrl: https://user:secret@api.example.com",
    ),
    hidesSource: true,
  },
  LITERAL_SECRET: {
    ...error(
      "a credential is written as literal text",
      "use a reference such as env:NAME",
      "auth:\n  type: bearer\n  token: ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    ),
    hidesSource: true,
  },
  BODY_SECRET: {
    ...warning(
      "a unit file's Markdown body holds what looks like a secret",
      "remove it from the body and revoke it; refer to secrets as env:NAME or vault:NAME",
      "---\nname: GitHub\n---\nMy token is ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    ),
    hidesSource: true,
  },
  INTERPOLATION_IN_LITERAL: error(
    "${...} appears in text that is not interpolated",
    "write literal prose; dynamic values go in backend, auth or env fields",
    "description: Lists notes of ${USER}",
  ),
  PATH_DOT_SEGMENT: error(
    "a path holds . or .. segments",
    "write the path below baseUrl without dot segments",
    "actions:\n  readConfig:\n    method: GET\n    path: /files/../config",
  ),
  INVALID_HEADER: error(
    "a header name is not valid",
    "use letters, digits and - only",
    'actions:\n  listNotes:\n    headers:\n      "X Trace": "1"',
  ),
  FORBIDDEN_HEADER: error(
    "a header that the HTTP client sets itself is configured",
    "remove the header",
    'actions:\n  listNotes:\n    headers:\n      Content-Length: "42"',
  ),
  // Document rules
  NO_BACKEND: error(
    "a unit declares no backend",
    "add one backend block such as httpApi, cliTools, mcpServer or openapiEndpoint",
    "---\nname: Notes\ndescription: A notes service.\n---",
  ),
  MULTIPLE_BACKENDS: error(
    "a unit file combines backend blocks that do not belong together",
    "split it into two unit files",
    "httpApi:\n  baseUrl: https://notes.example.com\nmcpServer:\n  command: notes-mcp",
  ),
  NO_ACTIONS: warning(
    '"actions" is empty, so the unit has no operations',
    "add an action, or disable the unit",
    "httpApi:\n  baseUrl: https://notes.example.com\n  actions: {}",
  ),
  EMPTY_MAP: warning("a plural map is empty", "add an entry, or remove the map", "httpApis: {}"),
  SERVE_IGNORED: warning(
    "serve settings in a project config are ignored",
    "move serve to the user config, or pass serve flags",
    '.units/config.json: { "version": 1, "serve": { "port": 8080 } }',
  ),
  TELEMETRY_IGNORED: warning(
    "telemetry settings in a project config are ignored",
    "move telemetry to the user config",
    '.units/config.json: { "version": 1, "telemetry": { "enabled": true } }',
  ),
  NAMESPACE_ALIASES_IGNORED: warning(
    "namespaceAliases in a project config are ignored",
    "move namespaceAliases to the user config",
    '.units/config.json: { "version": 1, "namespaceAliases": { "gh": "github" } }',
  ),
  STORAGE_NO_VAULT_KEY: warning(
    "a shared storage provider (postgresql, object_store) has no vaultKey, so the store will not open",
    "set storage.vaultKey to an env: or file: reference to 32 random bytes as base64url",
    "storage:\n  provider: postgresql\n  connection: env:DATABASE_URL",
  ),
  USER_CONFIG_ONLY: error(
    "a setting that only the user config may set",
    "move it to the user config",
    '.units/config.json: { "version": 1, "storage": { "provider": "sqlite" } }',
  ),
  DUPLICATE_ID: error(
    "a unit or child ID is used twice",
    "rename one of them",
    ".units/notes.md, and httpApis: { notes: … } in .units/config.json",
  ),
  DUPLICATE_ALIAS_LABEL: error(
    "a namespace alias label is used twice",
    "choose another label",
    "namespaceAliases:\n  gh: github\n  GH: github-enterprise",
  ),
  RESERVED_CHILD_ID: error(
    '"actions" is used as a plural child ID',
    "rename the child",
    "httpApis:\n  actions:\n    baseUrl: https://api.example.com",
  ),
  MISSING_AUTH: error(
    "a plural child states no auth and has none to inherit",
    "add auth to the child or to the unit",
    "openapiEndpoints:\n  shop:\n    specPath: shop.yaml",
  ),
  UNUSED_AUTH: warning(
    "unit-level auth that no backend entry inherits",
    "move it into the backend block, or remove it",
    "auth:\n  type: bearer\n  token: env:TOKEN\ncliTools:\n  actions: { … }",
  ),
  SEARCH_LIMIT_ABOVE_MAX: error(
    "defaultSearchLimit is greater than maxSearchLimit",
    "lower defaultSearchLimit, or raise maxSearchLimit",
    "options:\n  defaultSearchLimit: 50\n  maxSearchLimit: 20",
  ),
} satisfies Record<string, CodeEntry>;
