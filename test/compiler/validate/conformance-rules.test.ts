/**
 * Conformance to the semantic rules that a JSON Schema cannot state, part one: what only the user
 * config may set, unique IDs and handles, reserved IDs and unit file names. Auth inheritance,
 * secrets, search limits and alias labels are in conformance-rules-values.test.ts.
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
  `  ${id}:\n    baseUrl: https://${id}.example.com\n${auth ? `    auth: ${auth}\n` : ""}    actions: { list: { method: GET, path: /x } }\n`;

const rules: ConformanceTable = [
  [
    "serve in a project config is ignored with a warning",
    {
      files: config({ serve: { port: 8080 } }),
      want: `
.units/config.json:2:3 warning SERVE_IGNORED serve settings in a project config are ignored; they belong to the user config
  hint: move serve to the user config ($XDG_CONFIG_HOME/unitc/config.json) or pass serve flags`,
    },
  ],
  [
    "namespaceAliases in a project config are ignored with a warning",
    {
      files: config({ namespaceAliases: { local: "here", upstreams: {} } }),
      want: `
.units/config.json:2:3 warning NAMESPACE_ALIASES_IGNORED namespaceAliases settings in a project config are ignored; they belong to the user config
  hint: move namespaceAliases to the user config ($XDG_CONFIG_HOME/unitc/config.json)`,
    },
  ],
  [
    "namespaceAliases in the user config are valid",
    {
      files: userConfig({ namespaceAliases: { local: "here", upstreams: {} } }),
      userConfig: USER_CONFIG,
      want: "",
    },
  ],
  [
    "serve in the user config is valid",
    { files: userConfig({ serve: { port: 8080 } }), userConfig: USER_CONFIG, want: "" },
  ],
  [
    "storage in a project config is rejected; telemetry there is ignored with a warning",
    {
      files: config({ storage: { provider: "filesystem" }, telemetry: false }),
      want: `
.units/config.json:2:3 error USER_CONFIG_ONLY "storage" can only be set in the user config
  hint: move it to the user config ($XDG_CONFIG_HOME/unitc/config.json)
.units/config.json:5:3 warning TELEMETRY_IGNORED telemetry settings in a project config are ignored; they belong to the user config
  hint: move telemetry to the user config ($XDG_CONFIG_HOME/unitc/config.json)`,
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
];

describe("semantic rules", () => runConformance(rules));
