/**
 * Conformance to the spec's "Limits" table for lengths, keys and depth: every bound is accepted
 * exactly at its edge and rejected one step past it. Numeric settings are in
 * conformance-limits-numbers.test.ts. The 1 MiB input-file cap is checked here (fixtures stay small).
 */
import { describe } from "vitest";
import { CLI, type ConformanceTable, runConformance, unit } from "../../support/conformance.js";

const withField = (field: string) => unit(`name: Files\ndescription: List files.\n${field}\n${CLI}`);
const discovery = (field: string) => ({
  ...unit(
    `name: Docs\ndescription: A discovery API.\nvendorDiscoveryApi:\n  discoveryPath: docs.json\n  auth: { type: none }\n  ${field}\n`,
  ),
  ".units/docs.json": "{}\n",
});
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
