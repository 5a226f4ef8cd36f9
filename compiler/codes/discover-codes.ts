/** The discovery stage's part of the diagnostic catalogue (`diagnostic-codes.ts` joins it in). */
import { type CodeEntry, error, info, warning } from "./code-entry.js";

/** Codes the discoverers report, by backend. */
export const discoverCodes = {
  // Discovery: all backends
  BACKEND_PENDING: warning(
    "this unitc build cannot compile units of this kind yet",
    "the unit is valid; it compiles once its backend lands",
  ),
  DISCOVERY_FAILED: error(
    "a unit could not be compiled",
    "fix the unit or set disabled: true; other units are unaffected",
  ),
  NO_OPERATIONS: warning("a unit has no operation left to call", "check the spec and the unit's filters"),
  OPERATION_SKIPPED: warning("an operation is left out of the unit", "the other operations are unaffected"),
  OPERATION_RENAMED: warning(
    "an operation gets another name because its name is taken or longer than 64 characters",
    "give the operation a distinct, shorter name (its operationId, or a configured GraphQL operation)",
  ),
  BASE_URL_MISSING: error("the API's base URL is missing or unusable", "set baseUrl on the unit"),
  SPEC_INVALID: error("a spec is not a document of the expected kind", "point the unit at a valid spec"),
  SPEC_FETCH_FAILED: error(
    "a remote spec cannot be fetched",
    "check the URL and the network, or use a local copy",
  ),
  SPEC_SYNTAX: error("a spec is not valid JSON or YAML", "fix the document at this position"),
  SPEC_REF_NOT_FOUND: error("a $ref points to nothing", "check the path and the JSON pointer after #"),
  SPEC_REF_CYCLE: error("a $ref refers back to itself", "break the cycle of $refs"),
  SPEC_REF_LIMIT: error("a spec refers to too many files", "bundle the spec into fewer files"),
  SPEC_REF_OUTSIDE: error(
    "a $ref leaves the spec's folder",
    "keep referenced files inside the spec's folder",
  ),
  SPEC_REF_UNREADABLE: error(
    "a $ref names something that is not a readable spec file",
    "refer to a spec file",
  ),
  SPEC_REF_INVALID: error("a $ref fragment is not a JSON pointer", "write the fragment as #/path/to/value"),
  SPEC_REF_REMOTE: error(
    "a $ref points to a remote document",
    "bundle the spec into one document, or download it",
  ),
  SPEC_REF_REFUSED: error(
    "a $ref uses a scheme unitc does not follow",
    "use a relative path inside the spec's folder",
  ),
  // Discovery: actions
  UNDECLARED_INPUT: error(
    "a template reads an input the inputSchema does not declare",
    "add the input to inputSchema.properties",
  ),
  OPTIONAL_PATH_INPUT: warning(
    "a path placeholder reads an input that is not required",
    "add the input to inputSchema.required",
  ),
  PATH_INPUT_UNKNOWN: error(
    "pathInputs names an input the inputSchema lacks",
    "name a property of the inputSchema",
  ),
  // Discovery: OpenAPI and discovery documents
  OPENAPI_PARTIAL: warning(
    "part of an OpenAPI operation is not supported",
    "the rest of the operation compiles as usual",
  ),
  OPENAPI_TYPES_FALLBACK: warning(
    "openapi-typescript could not type the spec",
    "fix the part of the spec the message names; the types are printed from the operations' JSON Schemas meanwhile",
  ),
  DISCOVERY_PARTIAL: warning(
    "part of a discovery-document method is not supported",
    "the rest of the method compiles as usual",
  ),
  FILTER_UNUSED: warning("an include or exclude pattern matches no method", "fix the pattern"),
  // Discovery: GraphQL
  GRAPHQL_SCHEMA_MISSING: error(
    "schemaPath names no readable file",
    "point schemaPath at an SDL file or a saved introspection result",
  ),
  GRAPHQL_SCHEMA_INVALID: error("a GraphQL schema is not usable", "fix the schema"),
  GRAPHQL_SCHEMA_FETCH: error(
    "the GraphQL schema cannot be loaded from the endpoint",
    "check the endpoint, or save the schema and use schemaPath",
  ),
  GRAPHQL_DOCUMENT_MISSING: error(
    "documentPath names no readable file",
    "point documentPath at a .graphql file",
  ),
  GRAPHQL_DOCUMENT_SYNTAX: error(
    "a GraphQL document does not parse",
    "fix the GraphQL syntax at this position",
  ),
  GRAPHQL_DOCUMENT_INVALID: error(
    "a GraphQL document does not match the schema",
    "make the document match the unit's schema",
  ),
  GRAPHQL_OPERATION: error(
    "a configured GraphQL operation cannot be used",
    "fix the operation the message names",
  ),
  GRAPHQL_CODEGEN_FAILED: warning(
    "graphql-codegen could not type the operations",
    "the client still compiles; its types come from the JSON Schemas",
  ),
  GRAPHQL_DEPTH_LOWERED: info(
    "generated operations use a smaller selectionDepth to stay small",
    "lower selectionDepth, or write documents of your own",
  ),
  GRAPHQL_SELECTION_CUT: warning(
    "a generated GraphQL operation selects only part of its root field: all of it would be too large",
    "configure the operation with a document of your own to select other parts",
  ),
  GRAPHQL_GENERATED_INVALID: warning(
    "a generated GraphQL operation is left out: the schema rejects it, a bug in unitc",
    "report it with the schema; configure the operation with a document of your own meanwhile",
  ),
  // Discovery: MCP servers
  MCP_LIST_FAILED: error(
    "an MCP server could not be listed",
    "fix what the message names (the server, or a folder unitc reads) or set disabled: true; other units are unaffected",
  ),
  MCP_LIST_TIMEOUT: error(
    "an MCP server was not listed within options.exposureDiscoveryTimeoutMs",
    "raise options.exposureDiscoveryTimeoutMs if the server is only slow, or set disabled: true; other units are unaffected",
  ),
  MCP_LIST_INCOMPLETE: warning("an MCP server's listing is incomplete", "check the server"),
  MCP_DUPLICATE_TOOL: warning("an MCP server lists a tool twice", "report it to the server's authors"),
  MCP_TOOL_WITHHELD: warning("an MCP server's tool is left out", "report it to the server's authors"),
  OPERATION_WITHHELD: warning(
    "an operation of a spec document is left out: a name in it holds invisible characters",
    "report it to the API's authors; the other operations of the unit are compiled",
  ),
  // Unit sets
  UNIT_SET_NOT_FOUND: error(
    "a unit set's config or units root does not exist",
    "fix the path; it is relative to this file",
  ),
  UNIT_SET_CYCLE: error("a unit set contains itself", "remove or repoint the entry"),
  UNIT_SET_TOO_DEEP: error("unit sets nest too deeply", "flatten the sets"),
  UNIT_SET_EMPTY: warning("a unit set holds no units", "check configPath and unitsRoot"),
} satisfies Record<string, CodeEntry>;
