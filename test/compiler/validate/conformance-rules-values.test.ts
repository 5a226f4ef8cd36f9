/**
 * Conformance to the semantic rules that a JSON Schema cannot state, part two: auth present or
 * inherited, one backend per unit file, secrets written as references, search limits in order and
 * unique namespace alias labels.
 */
import { describe } from "vitest";
import {
  CLI,
  type ConformanceTable,
  config,
  runConformance,
  USER_CONFIG,
  unit,
  userConfig,
} from "../../support/conformance.js";

const httpChild = (id: string, auth = "") =>
  `  ${id}:\n    baseUrl: https://${id}.example.com\n${auth ? `    auth: ${auth}\n` : ""}    actions: { list: { method: GET, path: /x } }\n`;

const bearer = (token: string) =>
  unit(`name: Notes
description: A notes service.
httpApi:
  baseUrl: https://notes.example.com
  auth:
    type: bearer
    token: ${token}
  actions: { list: { method: GET, path: /x } }
`);

const rules: ConformanceTable = [
  [
    "a plural remote child without auth and no unit auth is rejected",
    {
      files: unit(`name: Weather\ndescription: Weather APIs.\nhttpApis:\n${httpChild("now")}`),
      want: `
.units/u.md:5:3 error MISSING_AUTH "now" states no auth and the unit has no shared auth to inherit
  hint: add auth to the child or to the unit (use { type: none } for public APIs)`,
    },
  ],
  [
    "a plural remote child inherits the unit's auth",
    {
      files: unit(
        `name: Weather\ndescription: Weather APIs.\nauth: { type: none }\nhttpApis:\n${httpChild("now")}`,
      ),
      want: "",
    },
  ],
  [
    "a singular remote block without auth is rejected",
    {
      files: unit(
        `name: Notes\ndescription: A notes service.\nhttpApi:\n  baseUrl: https://notes.example.com\n  actions: { list: { method: GET, path: /x } }\n`,
      ),
      want: `
.units/u.md:4:1 error MISSING_PROPERTY "httpApi" is missing the required property "auth"
  hint: add auth; use { "type": "none" } for a public API`,
    },
  ],
  [
    "a remote config entry without auth is rejected",
    {
      files: config({
        openapiEndpoints: { pets: { name: "Pets", description: "The pet store.", specPath: "pets.json" } },
      }),
      want: `
.units/config.json:3:5 error MISSING_PROPERTY "pets" is missing the required property "auth"
  hint: add auth; use { "type": "none" } for a public API`,
    },
  ],
  [
    "an MCP server without auth is valid",
    {
      files: unit(
        `name: Remote\ndescription: A remote MCP server.\nmcpServer:\n  url: https://mcp.example.com/mcp\n`,
      ),
      want: "",
    },
  ],
  [
    "a unit auth that no plural child inherits is reported",
    {
      files: unit(`name: Files\ndescription: List files.\nauth: { type: none }\n${CLI}`),
      want: `
.units/u.md:4:1 warning UNUSED_AUTH the unit-level auth is inherited by no plural remote backend entry
  hint: move it into the backend block, or remove it`,
    },
  ],
  [
    "a unit file without a backend is rejected",
    {
      files: unit("name: Files\ndescription: List files.\n"),
      want: `
.units/u.md:2:1 error NO_BACKEND the unit declares no backend
  hint: add one backend block such as httpApi, cliTools, mcpServer or openapiEndpoint`,
    },
  ],
  [
    "a singular block combined with another backend is rejected",
    {
      files: unit(`name: Files\ndescription: List files.\n${CLI}mcpServer:\n  command: files-mcp\n`),
      want: `
.units/u.md:8:1 error MULTIPLE_BACKENDS "mcpServer" cannot be combined with "cliTools" in one unit file
  hint: a unit file holds one singular backend block, or plural maps that describe one provider suite: split it into two unit files`,
    },
  ],
  [
    "a literal bearer token in a unit file is rejected",
    {
      files: bearer("abc123"),
      want: `
.units/u.md:8:12 error LITERAL_SECRET "token" holds a literal secret; secrets must be references
  hint: write env:NAME (or \${NAME}) and set NAME in the environment`,
    },
  ],
  ["a token written env:NAME is valid", { files: bearer("env:NOTES_TOKEN"), want: "" }],
  ["a token written ${NAME} is valid", { files: bearer("${NOTES_TOKEN}"), want: "" }],
  ["a token written $env:NAME is valid", { files: bearer("$env:NOTES_TOKEN"), want: "" }],
  [
    "a token with an unclosed ${ is rejected",
    {
      files: bearer('"${NOTES_TOKEN"'),
      want: `
.units/u.md:8:12 error LITERAL_SECRET "token" holds a literal secret; secrets must be references
  hint: write env:NAME (or \${NAME}) and set NAME in the environment`,
    },
  ],
  [
    "a literal header value in a config file is rejected",
    {
      files: config({
        httpApis: {
          notes: {
            name: "Notes",
            description: "A notes service.",
            baseUrl: "https://notes.example.com",
            auth: {
              type: "headers",
              headers: { "X-Api-Key": "sk-live-123", Authorization: "Bearer ${TOKEN}" },
            },
            actions: { list: { method: "GET", path: "/x" } },
          },
        },
      }),
      want: `
.units/config.json:10:24 error LITERAL_SECRET "X-Api-Key" holds a literal secret; secrets must be references
  hint: write env:NAME (or \${NAME}) and set NAME in the environment`,
    },
  ],
  [
    "defaultSearchLimit above maxSearchLimit in one config is rejected",
    {
      files: config({ defaultSearchLimit: 30, maxSearchLimit: 10 }),
      want: `
.units/config.json:2:25 error SEARCH_LIMIT_ABOVE_MAX defaultSearchLimit (30) is greater than maxSearchLimit (10)
  hint: lower defaultSearchLimit to at most 10, or raise maxSearchLimit`,
    },
  ],
  [
    "defaultSearchLimit equal to maxSearchLimit is valid",
    { files: config({ defaultSearchLimit: 10, maxSearchLimit: 10 }), want: "" },
  ],
  [
    "defaultSearchLimit above the default maxSearchLimit is rejected",
    {
      files: config({ defaultSearchLimit: 60 }),
      want: `
.units/config.json:2:25 error SEARCH_LIMIT_ABOVE_MAX defaultSearchLimit (60, set in the project config) is greater than maxSearchLimit (50, the default)
  hint: lower defaultSearchLimit to at most 50, or raise maxSearchLimit`,
    },
  ],
  [
    "a project defaultSearchLimit above the user maxSearchLimit is rejected",
    {
      files: { ...userConfig({ maxSearchLimit: 5 }), ...config({ defaultSearchLimit: 8 }) },
      userConfig: USER_CONFIG,
      want: `
.units/config.json:2:25 error SEARCH_LIMIT_ABOVE_MAX defaultSearchLimit (8, set in the project config) is greater than maxSearchLimit (5, set in the user config)
  hint: lower defaultSearchLimit to at most 5, or raise maxSearchLimit`,
    },
  ],
  [
    "a unitSet's defaultSearchLimit above its maxSearchLimit is rejected",
    {
      files: unit(
        `name: Team\ndescription: The team's units.\nunitSet:\n  unitsRoot: team\n  defaultSearchLimit: 9\n  maxSearchLimit: 3\n`,
      ),
      want: `
.units/u.md:6:23 error SEARCH_LIMIT_ABOVE_MAX defaultSearchLimit (9) is greater than maxSearchLimit (3)
  hint: lower defaultSearchLimit to at most 3, or raise maxSearchLimit`,
    },
  ],
  [
    "a repeated namespace alias label is rejected",
    {
      files: userConfig({
        namespaceAliases: {
          local: "team",
          upstreams: { "https://a.example.com": "org", "https://b.example.com": "team" },
        },
      }),
      userConfig: USER_CONFIG,
      want: `
home/units/config.json:6:32 error DUPLICATE_ALIAS_LABEL namespace alias label "team" is already used at line 3 (/namespaceAliases/local)
  hint: each namespace alias label must be unique: choose another label`,
    },
  ],
  [
    "distinct namespace alias labels are valid",
    {
      files: userConfig({
        namespaceAliases: { local: "team", upstreams: { "https://a.example.com": "org" } },
      }),
      userConfig: USER_CONFIG,
      want: "",
    },
  ],
];

describe("semantic rules: auth, secrets and limits", () => runConformance(rules));
