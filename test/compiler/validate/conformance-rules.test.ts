/**
 * Conformance to the semantic rules that a JSON Schema cannot state: what only the user config may
 * set, unique IDs and handles, reserved IDs, auth inheritance, secret references, search limits and
 * namespace alias labels.
 */
import { describe } from "vitest";
import {
  CLI,
  CLI_ENTRY,
  type ConformanceTable,
  config,
  runConformance,
  USER_CONFIG,
  unit,
  userConfig,
} from "../../support/conformance.js";

const httpChild = (id: string, auth = "") =>
  `  ${id}:\n    baseUrl: https://${id}.example.com\n${auth ? `    auth: ${auth}\n` : ""}    actions: {}\n`;

const bearer = (token: string) =>
  unit(`name: Notes
description: A notes service.
httpApi:
  baseUrl: https://notes.example.com
  auth:
    type: bearer
    token: ${token}
  actions: {}
`);

const rules: ConformanceTable = [
  [
    "serve in a project config is ignored with a warning",
    {
      files: config({ serve: { port: 8080 } }),
      want: `
.units/config.json:2:3 warning SERVE_IGNORED serve settings in a project config are ignored; they belong to the user config
  hint: move serve to the user config ($XDG_CONFIG_HOME/units/config.json) or pass serve flags`,
    },
  ],
  [
    "serve in the user config is valid",
    { files: userConfig({ serve: { port: 8080 } }), userConfig: USER_CONFIG, want: "" },
  ],
  [
    "storage and telemetry in a project config are rejected",
    {
      files: config({ storage: { provider: "filesystem" }, telemetry: false }),
      want: `
.units/config.json:2:3 error USER_CONFIG_ONLY "storage" can only be set in the user config
  hint: move it to the user config ($XDG_CONFIG_HOME/units/config.json)
.units/config.json:5:3 error USER_CONFIG_ONLY "telemetry" can only be set in the user config
  hint: move it to the user config ($XDG_CONFIG_HOME/units/config.json)`,
    },
  ],
  [
    "storage and telemetry in the user config are valid",
    {
      files: userConfig({ storage: { provider: "filesystem" }, telemetry: false }),
      userConfig: USER_CONFIG,
      want: "",
    },
  ],
  [
    "a unit ID used in two maps of one config is rejected at the later entry",
    {
      files: config({
        cliTools: { files: CLI_ENTRY },
        mcpServers: { files: { name: "Files", description: "A file server.", command: "files-mcp" } },
      }),
      want: `
.units/config.json:14:5 error DUPLICATE_ID unit ID "files" is already used at line 3 (/cliTools/files)
  hint: unit IDs must be unique across all maps: rename one of them`,
    },
  ],
  [
    "a unit file whose ID a config entry already uses is rejected",
    {
      files: {
        ...config({ cliTools: { files: CLI_ENTRY } }),
        ...unit(`name: Files\ndescription: Other.\n${CLI}`, "files"),
      },
      want: `
.units/files.md:2:1 error DUPLICATE_ID unit ID "files" is already declared at config.json:3:5
  hint: unit IDs must be unique: rename one of them`,
    },
  ],
  [
    "<id>.md and <id>/UNIT.md for one ID are rejected",
    {
      files: {
        ...unit(`name: Files\ndescription: List files.\n${CLI}`, "files"),
        ...unit(`name: Files\ndescription: List files.\n${CLI}`, "files/UNIT"),
      },
      want: `
.units/files/UNIT.md:2:1 error DUPLICATE_ID unit ID "files" is already declared at files.md:2:1
  hint: unit IDs must be unique: rename one of them`,
    },
  ],
  [
    "a unit whose ID equals a plural child's handle is rejected",
    {
      files: {
        ...unit(
          `name: Weather\ndescription: Weather APIs.\nauth: { type: none }\nhttpApis:\n${httpChild("now")}`,
          "weather",
        ),
        ...unit(`name: Now\ndescription: The time.\n${CLI}`, "weather__now"),
      },
      want: `
.units/weather__now.md:2:1 error HANDLE_COLLISION unit ID "weather__now" is already declared at weather.md:6:3
  hint: a plural child's handle is <parent>__<child>: rename the child or the other unit`,
    },
  ],
  [
    "a child ID repeated across two plural maps is rejected",
    {
      files: unit(`name: Weather
description: Weather APIs.
auth: { type: none }
httpApis:
${httpChild("now")}openapiEndpoints:
  now:
    specPath: now.json
`),
      want: `
.units/u.md:10:3 error DUPLICATE_ID child ID "now" is already used at line 6 (/httpApis/now)
  hint: child IDs must be unique across the unit's plural maps: rename one`,
    },
  ],
  [
    "a reserved word as a config unit ID is rejected",
    {
      files: config({ cliTools: { constructor: CLI_ENTRY } }),
      want: `
.units/config.json:3:5 error RESERVED_ID "constructor" is reserved and cannot be a unit ID
  hint: choose another ID`,
    },
  ],
  [
    "a reserved word as a unit file name is rejected",
    {
      files: unit(`name: Files\ndescription: List files.\n${CLI}`, "prototype"),
      want: `
.units/prototype.md:1:1 error RESERVED_ID "prototype" is reserved and cannot be a unit ID
  hint: rename the file or folder`,
    },
  ],
  [
    "a unit file name that is not a valid ID is rejected",
    {
      files: unit(`name: Files\ndescription: List files.\n${CLI}`, "list.files"),
      want: `
.units/list.files.md:1:1 error INVALID_UNIT_ID "list.files" is not a valid unit ID: use 1 to 64 letters, digits, "_" or "-"
  hint: rename the file or folder`,
    },
  ],
  [
    "a folder without UNIT.md in the units root is reported",
    {
      files: { ".units/drafts/notes.txt": "x\n", ...config({}) },
      want: `
.units/drafts:1:1 warning NOT_A_UNIT folder "drafts" holds no UNIT.md, so it is not a unit
  hint: add UNIT.md to make it a unit, or move the folder out of the units root`,
    },
  ],
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
        `name: Notes\ndescription: A notes service.\nhttpApi:\n  baseUrl: https://notes.example.com\n  actions: {}\n`,
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
            actions: {},
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
      files: config({
        namespaceAliases: {
          local: "team",
          upstreams: { "https://a.example.com": "org", "https://b.example.com": "team" },
        },
      }),
      want: `
.units/config.json:6:32 error DUPLICATE_ALIAS_LABEL namespace alias label "team" is already used at line 3 (/namespaceAliases/local)
  hint: each namespace alias label must be unique: choose another label`,
    },
  ],
  [
    "distinct namespace alias labels are valid",
    {
      files: config({ namespaceAliases: { local: "team", upstreams: { "https://a.example.com": "org" } } }),
      want: "",
    },
  ],
];

describe("semantic rules", () => runConformance(rules));
