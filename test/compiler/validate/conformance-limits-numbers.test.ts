/**
 * Conformance to the spec's "Limits" table for numeric settings: milliseconds and bytes (greater
 * than 0, at most 2^53 - 1), cache TTLs (0 allowed), search limits and discovery concurrency.
 */
import { describe } from "vitest";
import { CLI, type ConformanceTable, config, runConformance, unit } from "../../support/conformance.js";

const MAX = 9007199254740991;
const PAST_MAX = 9007199254740992; // 2^53 is exact in YAML and JSON

const withField = (field: string) => unit(`name: Files\ndescription: List files.\n${field}\n${CLI}`);
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
  actions: { list: { method: GET, path: /x } }
`);
const setupItem = (field: string, value: number) =>
  withField(`setup:\n  verify:\n    - label: Check ls\n      command: ls\n      ${field}: ${value}`);
const openapiCache = (value: number) => ({
  ...unit(
    `name: Pets\ndescription: The pet store.\nopenapiEndpoint:\n  specPath: pets.json\n  operationCacheTtlMs: ${value}\n  auth: { type: none }\n`,
  ),
  ".units/pets.json": "{}\n",
});

const limits: ConformanceTable = [
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
  ["callTimeoutMs 1 is valid", { files: mcp("callTimeoutMs", 1), want: "" }],
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
    "a setup item's maxOutputBytes at the maximum is valid",
    { files: setupItem("maxOutputBytes", MAX), want: "" },
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
  ["operationCacheTtlMs at the maximum is valid", { files: openapiCache(MAX), want: "" }],
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
  ["HTTP maxResponseBytes at the maximum is valid", { files: http("maxResponseBytes", MAX), want: "" }],
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

describe("spec Limits: numeric settings", () => runConformance(limits));
