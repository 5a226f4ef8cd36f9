/** Conformance for every exactly-one-of rule: neither field set, both set, and each alone. */
import { describe } from "vitest";
import { type ConformanceTable, runConformance, unit } from "../../support/conformance.js";

// The local documents the cases name exist: validate also checks that a named file is there.
const DOCUMENTS = {
  ".units/pets.json": "{}\n",
  ".units/docs.json": "{}\n",
  ".units/schema.graphql": "type Query { me: ID }\n",
  ".units/me.graphql": "query { me }\n",
};
const openapi = (fields: string) => ({
  ...DOCUMENTS,
  ...unit(`name: Pets\ndescription: The pet store.\nopenapiEndpoint:\n${fields}  auth: { type: none }\n`),
});
const discovery = (fields: string) => ({
  ...DOCUMENTS,
  ...unit(
    `name: Docs\ndescription: A discovery API.\nvendorDiscoveryApi:\n${fields}  auth: { type: none }\n`,
  ),
});
const graphql = (fields: string) => ({
  ...DOCUMENTS,
  ...unit(`name: Shop
description: A GraphQL shop.
graphqlEndpoint:
  endpointUrl: https://shop.example.com/graphql
${fields}  auth: { type: none }
`),
});
const operation = (fields: string) =>
  graphql(`  introspection: true\n  operations:\n    me:\n      description: The signed-in user.\n${fields}`);
const mcp = (fields: string) => unit(`name: Files\ndescription: A file server.\nmcpServer:\n${fields}`);
const unitSet = (fields: string) => unit(`name: Team\ndescription: The team's units.\nunitSet:\n${fields}`);

const SPEC_PATH = "  specPath: pets.json\n";
const SPEC_URL = "  specUrl: https://pets.example.com/openapi.json\n";
const DISCOVERY_PATH = "  discoveryPath: docs.json\n";
const DISCOVERY_URL = "  discoveryUrl: https://docs.example.com/$discovery/rest\n";
const SCHEMA_PATH = "  schemaPath: schema.graphql\n";
const SCHEMA_URL = "  schemaUrl: https://shop.example.com/schema.graphql\n";
const INTROSPECTION = "  introspection: true\n";
const DOCUMENT = '      document: "query { me { id } }"\n';
const DOCUMENT_PATH = "      documentPath: me.graphql\n";
const COMMAND = "  command: files-mcp\n";
const URL = "  url: https://mcp.example.com/mcp\n";

const exclusive: ConformanceTable = [
  ["specPath alone is valid", { files: openapi(SPEC_PATH), want: "" }],
  ["specUrl alone is valid", { files: openapi(SPEC_URL), want: "" }],
  [
    "neither specPath nor specUrl is rejected",
    {
      files: openapi(""),
      want: `
.units/u.md:4:1 error ONE_OF_REQUIRED "openapiEndpoint" needs exactly one of "specPath" or "specUrl"
  hint: add "specPath" or "specUrl"`,
    },
  ],
  [
    "specPath and specUrl together are rejected",
    {
      files: openapi(SPEC_PATH + SPEC_URL),
      want: `
.units/u.md:6:3 error MUTUALLY_EXCLUSIVE "specPath" and "specUrl" cannot be set together
  hint: keep exactly one of "specPath" or "specUrl"`,
    },
  ],
  ["discoveryPath alone is valid", { files: discovery(DISCOVERY_PATH), want: "" }],
  ["discoveryUrl alone is valid", { files: discovery(DISCOVERY_URL), want: "" }],
  [
    "neither discoveryPath nor discoveryUrl is rejected",
    {
      files: discovery(""),
      want: `
.units/u.md:4:1 error ONE_OF_REQUIRED "vendorDiscoveryApi" needs exactly one of "discoveryPath" or "discoveryUrl"
  hint: add "discoveryPath" or "discoveryUrl"`,
    },
  ],
  [
    "discoveryPath and discoveryUrl together are rejected",
    {
      files: discovery(DISCOVERY_PATH + DISCOVERY_URL),
      want: `
.units/u.md:6:3 error MUTUALLY_EXCLUSIVE "discoveryPath" and "discoveryUrl" cannot be set together
  hint: keep exactly one of "discoveryPath" or "discoveryUrl"`,
    },
  ],
  ["schemaPath alone is valid", { files: graphql(SCHEMA_PATH), want: "" }],
  ["schemaUrl alone is valid", { files: graphql(SCHEMA_URL), want: "" }],
  ["introspection alone is valid", { files: graphql(INTROSPECTION), want: "" }],
  [
    "none of schemaPath, schemaUrl, introspection is rejected",
    {
      files: graphql(""),
      want: `
.units/u.md:4:1 error ONE_OF_REQUIRED "graphqlEndpoint" needs exactly one of "schemaPath", "schemaUrl" or "introspection"
  hint: add "schemaPath", "schemaUrl" or "introspection"`,
    },
  ],
  [
    "schemaPath and schemaUrl together are rejected",
    {
      files: graphql(SCHEMA_PATH + SCHEMA_URL),
      want: `
.units/u.md:7:3 error MUTUALLY_EXCLUSIVE "schemaPath" and "schemaUrl" cannot be set together
  hint: keep exactly one of "schemaPath", "schemaUrl" or "introspection"`,
    },
  ],
  [
    "schemaUrl and introspection together are rejected",
    {
      files: graphql(SCHEMA_URL + INTROSPECTION),
      want: `
.units/u.md:7:3 error MUTUALLY_EXCLUSIVE "schemaUrl" and "introspection" cannot be set together
  hint: keep exactly one of "schemaPath", "schemaUrl" or "introspection"`,
    },
  ],
  [
    "all three schema sources together are rejected",
    {
      files: graphql(SCHEMA_PATH + SCHEMA_URL + INTROSPECTION),
      want: `
.units/u.md:7:3 error MUTUALLY_EXCLUSIVE "schemaPath", "schemaUrl" and "introspection" cannot be set together
  hint: keep exactly one of "schemaPath", "schemaUrl" or "introspection"`,
    },
  ],
  ["an operation with document alone is valid", { files: operation(DOCUMENT), want: "" }],
  ["an operation with documentPath alone is valid", { files: operation(DOCUMENT_PATH), want: "" }],
  [
    "an operation with neither document nor documentPath is rejected",
    {
      files: operation(""),
      want: `
.units/u.md:8:5 error ONE_OF_REQUIRED "me" needs exactly one of "document" or "documentPath"
  hint: add "document" or "documentPath"`,
    },
  ],
  [
    "an operation with document and documentPath is rejected",
    {
      files: operation(DOCUMENT + DOCUMENT_PATH),
      want: `
.units/u.md:11:7 error MUTUALLY_EXCLUSIVE "document" and "documentPath" cannot be set together
  hint: keep exactly one of "document" or "documentPath"`,
    },
  ],
  ["MCP without transport: command alone is valid", { files: mcp(COMMAND), want: "" }],
  ["MCP without transport: url alone is valid", { files: mcp(URL), want: "" }],
  [
    "MCP without transport: neither command nor url is rejected",
    {
      files: mcp("  args: [--verbose]\n"),
      want: `
.units/u.md:4:1 error ONE_OF_REQUIRED "mcpServer" needs exactly one of "command" or "url"
  hint: add "command" or "url"`,
    },
  ],
  [
    "MCP without transport: command and url together are rejected",
    {
      files: mcp(COMMAND + URL),
      want: `
.units/u.md:6:3 error MUTUALLY_EXCLUSIVE "command" and "url" cannot be set together
  hint: keep exactly one of "command" or "url"`,
    },
  ],
  [
    "MCP stdio without command is rejected",
    {
      files: mcp("  transport: stdio\n"),
      want: `
.units/u.md:4:1 error MISSING_PROPERTY "mcpServer" is missing the required property "command"
  hint: a stdio server takes command, not url; use transport http or sse for a remote server`,
    },
  ],
  [
    "MCP stdio with url is rejected",
    {
      files: mcp(`  transport: stdio\n${COMMAND}${URL}`),
      want: `
.units/u.md:7:3 error FORBIDDEN_PROPERTY "url" is not allowed in "mcpServer" here
  hint: a stdio server takes command, not url; use transport http or sse for a remote server`,
    },
  ],
  [
    "MCP http without url is rejected",
    {
      files: mcp("  transport: http\n"),
      want: `
.units/u.md:4:1 error MISSING_PROPERTY "mcpServer" is missing the required property "url"
  hint: an http server takes url, not command; use transport stdio for a local command`,
    },
  ],
  [
    "MCP http with command is rejected",
    {
      files: mcp(`  transport: http\n${COMMAND}${URL}`),
      want: `
.units/u.md:6:3 error FORBIDDEN_PROPERTY "command" is not allowed in "mcpServer" here
  hint: an http server takes url, not command; use transport stdio for a local command`,
    },
  ],
  [
    "MCP sse with command instead of url is rejected",
    {
      files: mcp(`  transport: sse\n${COMMAND}`),
      want: `
.units/u.md:4:1 error MISSING_PROPERTY "mcpServer" is missing the required property "url"
  hint: an sse server takes url, not command; use transport stdio for a local command
.units/u.md:6:3 error FORBIDDEN_PROPERTY "command" is not allowed in "mcpServer" here
  hint: an sse server takes url, not command; use transport stdio for a local command`,
    },
  ],
  ["a unitSet with unitsRoot is valid", { files: unitSet("  unitsRoot: team\n"), want: "" }],
  [
    "a unitSet with configPath and unitsRoot is valid",
    { files: unitSet("  configPath: team/config.json\n  unitsRoot: team\n"), want: "" },
  ],
  [
    "a unitSet with neither configPath nor unitsRoot is rejected",
    {
      files: unitSet("  toolCacheTtlMs: 0\n"),
      want: `
.units/u.md:4:1 error ONE_OF_REQUIRED "unitSet" needs at least one of "configPath" or "unitsRoot"
  hint: add "configPath" or "unitsRoot"`,
    },
  ],
];

describe("exactly-one-of rules", () => runConformance(exclusive));
