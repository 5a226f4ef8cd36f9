/**
 * Conformance to the spec's "Limits" table: every bound is accepted exactly at its edge and
 * rejected one step past it. The 1 MiB input-file cap is checked here too (fixtures stay small).
 */
import { describe } from "vitest";
import { CLI, type ConformanceTable, config, runConformance, unit } from "../../support/conformance.js";

const MAX = 9007199254740991;
const PAST_MAX = 9007199254740992; // 2^53 is exact in YAML and JSON

const withField = (field: string) => unit(`name: Files\ndescription: List files.\n${field}\n${CLI}`);
const discovery = (field: string) =>
  unit(
    `name: Docs\ndescription: A discovery API.\nvendorDiscoveryApi:\n  discoveryPath: docs.json\n  auth: { type: none }\n  ${field}\n`,
  );
const graphql = (depth: number) =>
  unit(`name: Shop
description: A GraphQL shop.
graphqlEndpoint:
  endpointUrl: https://shop.example.com/graphql
  introspection: true
  selectionDepth: ${depth}
  auth: { type: none }
`);
const cliKey = (key: string) =>
  unit(`name: Files\ndescription: List files.\ncliTools:\n  actions:\n    ${key}: { command: ls }\n`);
const mcp = (field: string, value: number) =>
  config({
    mcpServers: {
      files: { name: "Files", description: "A file server.", command: "files-mcp", [field]: value },
    },
  });
const cliSetting = (field: string, value: number) =>
  unit(
    `name: Files\ndescription: List files.\ncliTools:\n  ${field}: ${value}\n  actions:\n    run: { command: ls }\n`,
  );
const http = (field: string, value: number) =>
  unit(`name: Notes
description: A notes service.
httpApi:
  baseUrl: https://notes.example.com
  auth: { type: none }
  ${field}: ${value}
  actions: {}
`);
const setupItem = (field: string, value: number) =>
  withField(`setup:\n  verify:\n    - label: Check ls\n      command: ls\n      ${field}: ${value}`);
const openapiCache = (value: number) =>
  unit(
    `name: Pets\ndescription: The pet store.\nopenapiEndpoint:\n  specPath: pets.json\n  operationCacheTtlMs: ${value}\n  auth: { type: none }\n`,
  );

const limits: ConformanceTable = [
  [
    "name of 80 characters is valid",
    { files: unit(`name: ${"n".repeat(80)}\ndescription: d\n${CLI}`), want: "" },
  ],
  [
    "name of 81 characters is rejected",
    {
      files: unit(`name: ${"n".repeat(81)}\ndescription: d\n${CLI}`),
      want: `
.units/u.md:2:7 error TOO_LONG "name" must be at most 80 characters long
  hint: shorten it`,
    },
  ],
  [
    "an empty name is rejected",
    {
      files: unit(`name: ""\ndescription: d\n${CLI}`),
      want: `
.units/u.md:2:7 error TOO_SHORT "name" must be at least 1 character long
  hint: write a non-empty value, or remove the property`,
    },
  ],
  ["a tag of 80 characters is valid", { files: withField(`tags: [${"t".repeat(80)}]`), want: "" }],
  [
    "a tag of 81 characters is rejected",
    {
      files: withField(`tags: [ok, ${"t".repeat(81)}]`),
      want: `
.units/u.md:4:12 error TOO_LONG "tags[1]" must be at most 80 characters long
  hint: shorten it`,
    },
  ],
  [
    "an empty tag is rejected",
    {
      files: withField(`tags: [""]`),
      want: `
.units/u.md:4:8 error TOO_SHORT "tags[0]" must be at least 1 character long
  hint: write a non-empty value, or remove the property`,
    },
  ],
  ["useWhen of 500 characters is valid", { files: withField(`useWhen: ${"w".repeat(500)}`), want: "" }],
  [
    "useWhen of 501 characters is rejected",
    {
      files: withField(`useWhen: ${"w".repeat(501)}`),
      want: `
.units/u.md:4:10 error TOO_LONG "useWhen" must be at most 500 characters long
  hint: shorten it`,
    },
  ],
  ["avoidWhen of 500 characters is valid", { files: withField(`avoidWhen: ${"a".repeat(500)}`), want: "" }],
  [
    "avoidWhen of 501 characters is rejected",
    {
      files: withField(`avoidWhen: ${"a".repeat(501)}`),
      want: `
.units/u.md:4:12 error TOO_LONG "avoidWhen" must be at most 500 characters long
  hint: shorten it`,
    },
  ],
  [
    "an empty useWhen is rejected",
    {
      files: withField(`useWhen: ""`),
      want: `
.units/u.md:4:10 error TOO_SHORT "useWhen" must be at least 1 character long
  hint: write a non-empty value, or remove the property`,
    },
  ],
  [
    "an includeOperations item of 160 characters is valid",
    { files: discovery(`includeOperations: [${"o".repeat(160)}]`), want: "" },
  ],
  [
    "an includeOperations item of 161 characters is rejected",
    {
      files: discovery(`includeOperations: [${"o".repeat(161)}]`),
      want: `
.units/u.md:7:23 error TOO_LONG "includeOperations[0]" must be at most 160 characters long
  hint: shorten it`,
    },
  ],
  [
    "an excludeOperations item of 161 characters is rejected",
    {
      files: discovery(`excludeOperations: [${"x".repeat(161)}]`),
      want: `
.units/u.md:7:23 error TOO_LONG "excludeOperations[0]" must be at most 160 characters long
  hint: shorten it`,
    },
  ],
  [
    "an empty excludeOperations item is rejected",
    {
      files: discovery(`excludeOperations: [""]`),
      want: `
.units/u.md:7:23 error TOO_SHORT "excludeOperations[0]" must be at least 1 character long
  hint: write a non-empty value, or remove the property`,
    },
  ],
  ["a tool-name key of 64 characters is valid", { files: cliKey("k".repeat(64)), want: "" }],
  [
    "a tool-name key of 65 characters is rejected",
    {
      files: cliKey("k".repeat(65)),
      want: `
.units/u.md:6:5 error INVALID_KEY "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk" is not a valid key here: use 1 to 64 letters, digits, "_" or "-"
  hint: rename the key`,
    },
  ],
  [
    "an empty tool-name key is rejected",
    {
      files: cliKey('""'),
      want: `
.units/u.md:6:5 error INVALID_KEY "" is not a valid key here: use 1 to 64 letters, digits, "_" or "-"
  hint: rename the key`,
    },
  ],
  ["selectionDepth 1 is valid", { files: graphql(1), want: "" }],
  ["selectionDepth 5 is valid", { files: graphql(5), want: "" }],
  [
    "selectionDepth 0 is rejected",
    {
      files: graphql(0),
      want: `
.units/u.md:7:19 error OUT_OF_RANGE "selectionDepth" is 0; it must be at least 1
  hint: use a whole number from 1 to 5`,
    },
  ],
  [
    "selectionDepth 6 is rejected",
    {
      files: graphql(6),
      want: `
.units/u.md:7:19 error OUT_OF_RANGE "selectionDepth" is 6; it must be at most 5
  hint: use a whole number from 1 to 5`,
    },
  ],
  ["timeoutMs 1 is valid", { files: cliSetting("timeoutMs", 1), want: "" }],
  ["timeoutMs at the safe-integer maximum is valid", { files: cliSetting("timeoutMs", MAX), want: "" }],
  [
    "timeoutMs 0 is rejected",
    {
      files: cliSetting("timeoutMs", 0),
      want: `
.units/u.md:5:14 error OUT_OF_RANGE "timeoutMs" is 0; it must be greater than 0
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  [
    "timeoutMs past the safe-integer maximum is rejected",
    {
      files: cliSetting("timeoutMs", PAST_MAX),
      want: `
.units/u.md:5:14 error OUT_OF_RANGE "timeoutMs" is 9007199254740992; it must be at most 9007199254740991
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  [
    "a fractional timeoutMs is rejected",
    {
      files: cliSetting("timeoutMs", 1.5),
      want: `
.units/u.md:5:14 error WRONG_TYPE "timeoutMs" must be an integer, not number 1.5
  hint: write a whole number, without quotes`,
    },
  ],
  ["startupTimeoutMs at the maximum is valid", { files: mcp("startupTimeoutMs", MAX), want: "" }],
  [
    "startupTimeoutMs 0 is rejected",
    {
      files: mcp("startupTimeoutMs", 0),
      want: `
.units/config.json:7:27 error OUT_OF_RANGE "startupTimeoutMs" is 0; it must be greater than 0
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  [
    "callTimeoutMs past the maximum is rejected",
    {
      files: mcp("callTimeoutMs", PAST_MAX),
      want: `
.units/config.json:7:24 error OUT_OF_RANGE "callTimeoutMs" is 9007199254740992; it must be at most 9007199254740991
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  ["requestTimeoutMs 1 is valid", { files: http("requestTimeoutMs", 1), want: "" }],
  [
    "requestTimeoutMs 0 is rejected",
    {
      files: http("requestTimeoutMs", 0),
      want: `
.units/u.md:7:21 error OUT_OF_RANGE "requestTimeoutMs" is 0; it must be greater than 0
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  ["a setup item's timeoutMs at the maximum is valid", { files: setupItem("timeoutMs", MAX), want: "" }],
  [
    "a setup item's timeoutMs 0 is rejected",
    {
      files: setupItem("timeoutMs", 0),
      want: `
.units/u.md:8:18 error OUT_OF_RANGE "timeoutMs" is 0; it must be greater than 0
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  [
    "a setup item's maxOutputBytes past the maximum is rejected",
    {
      files: setupItem("maxOutputBytes", PAST_MAX),
      want: `
.units/u.md:8:23 error OUT_OF_RANGE "maxOutputBytes" is 9007199254740992; it must be at most 9007199254740991
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  ["toolCacheTtlMs 0 is valid (refresh every time)", { files: mcp("toolCacheTtlMs", 0), want: "" }],
  ["toolCacheTtlMs at the maximum is valid", { files: mcp("toolCacheTtlMs", MAX), want: "" }],
  [
    "toolCacheTtlMs -1 is rejected",
    {
      files: mcp("toolCacheTtlMs", -1),
      want: `
.units/config.json:7:25 error OUT_OF_RANGE "toolCacheTtlMs" is -1; it must be at least 0
  hint: use a whole number from 0 to 9007199254740991`,
    },
  ],
  [
    "toolCacheTtlMs past the maximum is rejected",
    {
      files: mcp("toolCacheTtlMs", PAST_MAX),
      want: `
.units/config.json:7:25 error OUT_OF_RANGE "toolCacheTtlMs" is 9007199254740992; it must be at most 9007199254740991
  hint: use a whole number from 0 to 9007199254740991`,
    },
  ],
  ["operationCacheTtlMs 0 is valid", { files: openapiCache(0), want: "" }],
  [
    "operationCacheTtlMs -1 is rejected",
    {
      files: openapiCache(-1),
      want: `
.units/u.md:6:24 error OUT_OF_RANGE "operationCacheTtlMs" is -1; it must be at least 0
  hint: use a whole number from 0 to 9007199254740991`,
    },
  ],
  ["HTTP maxResponseBytes 1 is valid", { files: http("maxResponseBytes", 1), want: "" }],
  [
    "HTTP maxResponseBytes 0 is rejected",
    {
      files: http("maxResponseBytes", 0),
      want: `
.units/u.md:7:21 error OUT_OF_RANGE "maxResponseBytes" is 0; it must be greater than 0
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  ["CLI maxOutputBytes at the maximum is valid", { files: cliSetting("maxOutputBytes", MAX), want: "" }],
  [
    "CLI maxOutputBytes 0 is rejected",
    {
      files: cliSetting("maxOutputBytes", 0),
      want: `
.units/u.md:5:19 error OUT_OF_RANGE "maxOutputBytes" is 0; it must be greater than 0
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  ["search limits of 1 are valid", { files: config({ defaultSearchLimit: 1, maxSearchLimit: 1 }), want: "" }],
  [
    "maxSearchLimit 0 is rejected",
    {
      files: config({ maxSearchLimit: 0 }),
      want: `
.units/config.json:2:21 error OUT_OF_RANGE "maxSearchLimit" is 0; it must be greater than 0
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
  [
    "exposureDiscoveryConcurrency 1 is valid",
    { files: config({ options: { exposureDiscoveryConcurrency: 1 } }), want: "" },
  ],
  [
    "exposureDiscoveryConcurrency 0 is rejected",
    {
      files: config({ options: { exposureDiscoveryConcurrency: 0 } }),
      want: `
.units/config.json:3:37 error OUT_OF_RANGE "exposureDiscoveryConcurrency" is 0; it must be greater than 0
  hint: use a whole number from 1 to 9007199254740991`,
    },
  ],
];

/** A unit file of exactly `size` bytes: valid frontmatter and a padded README body. */
function unitOfSize(size: number): Record<string, string> {
  const head = `---\nname: Files\ndescription: List files.\n${CLI}---\n`;
  return { ".units/big.md": head + "x".repeat(size - Buffer.byteLength(head)) };
}

const fileSize: ConformanceTable = [
  ["a unit file of exactly 1 MiB is valid", { files: unitOfSize(1024 * 1024), want: "" }],
  [
    "a unit file one byte over 1 MiB is rejected",
    {
      files: unitOfSize(1024 * 1024 + 1),
      want: `
.units/big.md:1:1 error FILE_TOO_LARGE file is 1048577 bytes; the limit is 1048576 bytes (1 MiB)
  hint: split the file, or move large schemas into files that the unit references`,
    },
  ],
];

describe("spec Limits", () => runConformance(limits));
describe("input file size", () => runConformance(fileSize));
