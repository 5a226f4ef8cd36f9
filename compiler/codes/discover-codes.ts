/** The discovery stage's part of the diagnostic catalogue (`diagnostic-codes.ts` joins it in). */
import { type CodeEntry, error, info, warning } from "./code-entry.js";

/** Codes the discoverers report, by backend. */
export const discoverCodes = {
  // Discovery: all backends
  BACKEND_PENDING: warning(
    "this unitc build cannot compile units of this kind yet",
    "the unit is valid; it compiles once its backend lands",
    "a unit of a backend kind this unitc build cannot compile yet",
  ),
  DISCOVERY_FAILED: error(
    "a unit could not be compiled",
    "fix the unit or set disabled: true; other units are unaffected",
    "openapiEndpoint:\n  specUrl: https://api.example.com/openapi.json   # answers 500",
  ),
  UNIT_OUT_OF_MEMORY: error(
    "compiling a unit ran out of memory, so it is left out",
    "compile fewer of its operations (includeOperations / excludeOperations), or give Node more memory: NODE_OPTIONS=--max-old-space-size=8192",
    "openapiEndpoint:\n  specPath: graph-beta.json   # 22,000 operations, compiled with --max-old-space-size=512",
  ),
  NO_OPERATIONS: warning(
    "a unit has no operation left to call",
    "check the spec and the unit's filters",
    'openapiEndpoint:\n  specPath: shop.yaml\n  includeOperations: ["reports*"]   # matches nothing',
  ),
  OPERATION_SKIPPED: warning(
    "an operation is left out of the unit",
    "the other operations are unaffected",
    "an OpenAPI operation with requestBody content only multipart/mixed",
  ),
  OPERATION_RENAMED: warning(
    "an operation gets another name because its name is taken or longer than 64 characters",
    "give the operation a distinct, shorter name (its operationId, or a configured GraphQL operation)",
    "two OpenAPI operations with operationId listItems",
  ),
  BASE_URL_MISSING: error(
    "the API's base URL is missing or unusable",
    "set baseUrl on the unit",
    "openapiEndpoint:\n  specPath: shop.yaml   # the spec has no servers, and no baseUrl is set",
  ),
  SPEC_INVALID: error(
    "a spec is not a document of the expected kind",
    "point the unit at a valid spec",
    "openapiEndpoint:\n  specPath: package.json",
  ),
  SPEC_FETCH_FAILED: error(
    "a remote spec cannot be fetched",
    "check the URL and the network, or use a local copy",
    "openapiEndpoint:\n  specUrl: https://api.example.com/openapi.json   # 404",
  ),
  SPEC_SYNTAX: error(
    "a spec is not valid JSON or YAML",
    "fix the document at this position",
    "openapi: 3.1.0\npaths: {\n",
  ),
  SPEC_REF_NOT_FOUND: error(
    "a $ref points to nothing",
    "check the path and the JSON pointer after #",
    '$ref: "#/components/schemas/Petz"',
  ),
  SPEC_REF_CYCLE: error(
    "a $ref refers back to itself",
    "break the cycle of $refs",
    "# a.yaml\n$ref: b.yaml\n# b.yaml\n$ref: a.yaml",
  ),
  SPEC_REF_LIMIT: error(
    "a spec refers to too many files",
    "bundle the spec into fewer files",
    "a spec split over 1,000 files that refer to each other",
  ),
  SPEC_REF_OUTSIDE: error(
    "a $ref leaves the spec's folder",
    "keep referenced files inside the spec's folder",
    "$ref: ../../shared/pet.yaml",
  ),
  SPEC_REF_UNREADABLE: error(
    "a $ref names something that is not a readable spec file",
    "refer to a spec file",
    "$ref: ./schemas/   (a folder)",
  ),
  SPEC_REF_INVALID: error(
    "a $ref fragment is not a JSON pointer",
    "write the fragment as #/path/to/value",
    '$ref: "pet.yaml#Pet"',
  ),
  SPEC_REF_REMOTE: error(
    "a $ref points to a remote document",
    "bundle the spec into one document, or download it",
    "$ref: https://schemas.example.com/pet.yaml",
  ),
  SPEC_REF_REFUSED: error(
    "a $ref uses a scheme unitc does not follow",
    "use a relative path inside the spec's folder",
    "$ref: file:///etc/passwd",
  ),
  // Discovery: actions
  UNDECLARED_INPUT: error(
    "a template reads an input the inputSchema does not declare",
    "add the input to inputSchema.properties",
    "actions:\n  getNote:\n    path: /notes/{id}\n    inputSchema: { type: object, properties: {} }",
  ),
  OPTIONAL_PATH_INPUT: warning(
    "a path placeholder reads an input that is not required",
    "add the input to inputSchema.required",
    "actions:\n  getNote:\n    path: /notes/{id}\n    inputSchema:\n      type: object\n      properties: { id: { type: string } }",
  ),
  PATH_INPUT_UNKNOWN: error(
    "pathInputs names an input the inputSchema lacks",
    "name a property of the inputSchema",
    'actions:\n  wordCount:\n    pathInputs: { fil: "." }\n    inputSchema: { type: object, properties: { file: { type: string } } }',
  ),
  // Discovery: OpenAPI and discovery documents
  OPENAPI_PARTIAL: warning(
    "part of an OpenAPI operation is not supported",
    "the rest of the operation compiles as usual",
    "an OpenAPI operation with a cookie parameter",
  ),
  OPENAPI_TYPES_FALLBACK: warning(
    "openapi-typescript could not type the spec",
    "fix the part of the spec the message names; the types are printed from the operations' JSON Schemas meanwhile",
    "an OpenAPI spec whose schema openapi-typescript cannot print (a discriminator naming a missing schema)",
  ),
  DISCOVERY_PARTIAL: warning(
    "part of a discovery-document method is not supported",
    "the rest of the method compiles as usual",
    "a vendorDiscoveryApi method that takes a media upload",
  ),
  FILTER_UNUSED: warning(
    "an include or exclude pattern matches no operation (or discovery method)",
    "fix the pattern",
    'vendorDiscoveryApi:\n  discoveryPath: youtube.json\n  includeOperations: ["youtube.videoz.list"]',
  ),
  // Discovery: GraphQL
  GRAPHQL_SCHEMA_MISSING: error(
    "schemaPath names no readable file",
    "point schemaPath at an SDL file or a saved introspection result",
    "graphqlEndpoint:\n  schemaPath: schema.graphql   # no such file",
  ),
  GRAPHQL_SCHEMA_INVALID: error(
    "a GraphQL schema is not usable",
    "fix the schema",
    "type Query { book: Missing }",
  ),
  GRAPHQL_SCHEMA_FETCH: error(
    "the GraphQL schema cannot be loaded from the endpoint",
    "check the endpoint, or save the schema and use schemaPath",
    "graphqlEndpoint:\n  endpointUrl: https://api.example.com/graphql   # introspection disabled",
  ),
  GRAPHQL_DOCUMENT_MISSING: error(
    "documentPath names no readable file",
    "point documentPath at a .graphql file",
    "graphqlEndpoint:\n  documentPath: queries.graphql   # no such file",
  ),
  GRAPHQL_DOCUMENT_SYNTAX: error(
    "a GraphQL document does not parse",
    "fix the GraphQL syntax at this position",
    "query Books { books { title }",
  ),
  GRAPHQL_DOCUMENT_INVALID: error(
    "a GraphQL document does not match the schema",
    "make the document match the unit's schema",
    "query Books { books { titel } }",
  ),
  GRAPHQL_OPERATION: error(
    "a configured GraphQL operation cannot be used",
    "fix the operation the message names",
    'operations:\n  books:\n    document: "fragment F on Book { title }"   # no operation',
  ),
  GRAPHQL_CODEGEN_FAILED: warning(
    "graphql-codegen could not type the operations",
    "the client still compiles; its types come from the JSON Schemas",
    "a GraphQL schema with a custom scalar graphql-codegen cannot map",
  ),
  GRAPHQL_DEPTH_LOWERED: info(
    "generated operations use a smaller selectionDepth to stay small",
    "lower selectionDepth, or write documents of your own",
    "graphqlEndpoint:\n  selectionDepth: 6   # on a schema with wide nested types",
  ),
  GRAPHQL_SELECTION_CUT: warning(
    "a generated GraphQL operation selects only part of its root field: all of it would be too large",
    "configure the operation with a document of your own to select other parts",
    "a root field returning GitHub's Repository type, far too wide to select whole",
  ),
  GRAPHQL_GENERATED_INVALID: warning(
    "a generated GraphQL operation is left out: the schema rejects it, a bug in unitc",
    "report it with the schema; configure the operation with a document of your own meanwhile",
    "a generated operation the schema rejects (a bug in unitc)",
  ),
  // Discovery: MCP servers
  MCP_LIST_FAILED: error(
    "an MCP server could not be listed",
    "fix what the message names (the server, or a folder unitc reads) or set disabled: true; other units are unaffected",
    'mcpServer:\n  command: npx\n  args: ["-y", "@acme/mcp-server"]   # exits at start',
  ),
  MCP_LIST_TIMEOUT: error(
    "an MCP server was not listed within options.exposureDiscoveryTimeoutMs",
    "raise options.exposureDiscoveryTimeoutMs if the server is only slow, or set disabled: true; other units are unaffected",
    "mcpServer:\n  command: slow-mcp   # takes a minute to answer tools/list",
  ),
  MCP_LIST_INCOMPLETE: warning(
    "an MCP server's listing is incomplete",
    "check the server",
    "an MCP server whose tools/list paging stops with an error",
  ),
  MCP_DUPLICATE_TOOL: warning(
    "an MCP server lists a tool twice",
    "report it to the server's authors",
    "an MCP server listing two tools named search",
  ),
  MCP_TOOL_WITHHELD: warning(
    "an MCP server's tool is left out",
    "report it to the server's authors",
    "an MCP server's tool whose name holds a zero-width space",
  ),
  OPERATION_WITHHELD: warning(
    "an operation of a spec document is left out: a name in it holds invisible characters",
    "report it to the API's authors; the other operations of the unit are compiled",
    "an OpenAPI operationId holding a right-to-left override character",
  ),
  // Unit sets
  UNIT_SET_NOT_FOUND: error(
    "a unit set's config or units root does not exist",
    "fix the path; it is relative to this file",
    "unitSets:\n  shared:\n    configPath: ../shared/.units/config.json   # no such file",
  ),
  UNIT_SET_CYCLE: error(
    "a unit set contains itself",
    "remove or repoint the entry",
    "unitSets:\n  self:\n    configPath: ./config.json",
  ),
  UNIT_SET_TOO_DEEP: error(
    "unit sets nest too deeply",
    "flatten the sets",
    "unit sets nested ten levels deep",
  ),
  UNIT_SET_EMPTY: warning(
    "a unit set holds no units",
    "check configPath and unitsRoot",
    "unitSets:\n  shared:\n    unitsRoot: ../shared/.units   # an empty folder",
  ),
} satisfies Record<string, CodeEntry>;
