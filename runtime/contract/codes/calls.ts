/**
 * Runtime codes of a unit call: the manifest and the call's target, its input and output, and each
 * backend's failures (HTTP, GraphQL, CLI, downstream MCP servers), limits and cancellation.
 */
import { type ErrorCodeEntry, entry } from "./entry.js";

/** The codes of calling an operation. */
export const callCodes = {
  MANIFEST_INVALID: entry(
    "the manifest cannot be read or is not a unitc manifest",
    "run unitc compile again",
    "unitc call notes listNotes --manifest notes.json → notes.json is not a unitc manifest (no version)",
  ),
  // agent framework adapters (unitc/ai-sdk and the others)
  BAD_EXPOSURE: entry(
    "the exposure asked of agent tools is not direct, search or code_mode",
    "pass exposure: direct (one tool per operation), search (search_tools and call) or code_mode",
    'aiSdkTools(units, { exposure: "all" }) → exposure "all" is not one agent tools offer',
  ),
  UNKNOWN_UNIT: entry(
    "no unit has this ID",
    "call search_tools or units.describe for the unit IDs",
    'units.mail.send({}) in a bundle without a mail unit → no unit "mail"',
  ),
  UNKNOWN_OPERATION: entry(
    "the unit has no operation of this name",
    "list the unit's operations first",
    'units.notes.removeNote({ id: "1" }) → unit "notes" has no operation "removeNote"',
  ),
  OPERATION_NOT_ALLOWED: entry(
    "the caller's serve token has rules (read-only, allow, deny) that do not let it call this operation",
    "call an operation the token allows (search_tools lists only those); the operator widens the token's rules",
    "a token created with --read-only calls units.notes.createNote(...) → notes.createNote is not allowed",
  ),
  INPUT_INVALID: entry(
    "the input does not match the operation's input schema",
    "fix the input as the listed problems say",
    'units.notes.getNote({}) → the input is not valid: /: must have required property "id"',
  ),
  UNSUPPORTED_BACKEND: entry(
    "the operation's backend cannot be invoked by this runtime",
    "upgrade unitc, or disable the unit",
    'a manifest written by a newer unitc names invoke.kind "grpc" → this runtime cannot invoke it',
  ),
  HTTP_STATUS: entry(
    "the API answered with a non-2xx status",
    "read the status and the excerpt of the body",
    'GET /notes/{id} answered 404 Not Found: {"error":"no such note"}',
  ),
  HTTP_FAILED: entry(
    "the HTTP request failed before an answer",
    "check the network and the API's URL",
    "GET https://api.example.com/notes failed: connect ECONNREFUSED 203.0.113.7:443",
  ),
  HTTP_REDIRECT: entry(
    "the API redirected somewhere unitc does not follow",
    "set baseUrl to the final URL",
    "GET http://api.example.com/notes answered 301 to https://other.example.net/notes, another origin",
  ),
  OUTBOUND_REFUSED: entry(
    "a request would reach a private, loopback, link-local or other non-public address the unit was not configured for",
    "put the address itself in the unit's baseUrl / url / endpointUrl, or list it in UNITC_OUTBOUND_ALLOW",
    "api.example.com resolved to 10.0.0.5, a private address the unit does not name",
  ),
  TIMEOUT: entry(
    "the call took longer than its timeout",
    "raise timeoutMs, or ask for less",
    "GET /reports/yearly took longer than its timeout of 30000 ms",
  ),
  RESPONSE_TRUNCATED: entry(
    "the response was larger than the byte cap",
    "ask for less, or raise the cap",
    "GET /export answered more than 10485760 bytes of JSON (maxResponseBytes)",
  ),
  OUTPUT_INVALID: entry(
    "the output does not match the operation's output schema",
    "fix the backend or the declared outputSchema",
    "listNotes answered an object where its outputSchema declares an array",
  ),
  GRAPHQL_ERRORS: entry(
    "the GraphQL response carried errors",
    "read the errors; partial data is in details.data",
    'query viewer answered errors: Field "emial" doesn\'t exist on type "User"',
  ),
  CLI_EXIT: entry(
    "the command exited with a non-zero status",
    "read the exit code and the stderr excerpt",
    "git log exited with status 128: fatal: not a git repository",
  ),
  CLI_SPAWN: entry(
    "the command could not be started",
    "check that the command is installed and on PATH",
    "rg could not be started: spawn rg ENOENT",
  ),
  MCP_START_FAILED: entry(
    "the downstream MCP server did not start",
    "run its command by hand to see why",
    "npx -y @acme/mcp-server exited with status 1 before the initialize answer",
  ),
  MCP_CRASHED: entry(
    "the downstream MCP server exited during the call",
    "read its stderr excerpt",
    "the memory server exited during tools/call create_entities: Segmentation fault",
  ),
  MCP_TOOL_ERROR: entry(
    "the downstream MCP tool reported an error",
    "read the tool's error text",
    "read_file answered isError: ENOENT: no such file or directory, open '/data/x.txt'",
  ),
  MCP_PROTOCOL_ERROR: entry(
    "the downstream MCP server broke the protocol",
    "report it to the server's authors",
    "the server wrote a line to stdout that is not JSON-RPC: Listening on stdio",
  ),
  MCP_SCHEMA_DRIFT: entry(
    "the downstream server's tools changed since the compile",
    "run unitc compile again",
    'the server no longer lists the tool "search_code" the bundle was compiled with',
  ),
  MCP_MESSAGE_TOO_LARGE: entry(
    "a downstream MCP message was larger than the cap",
    "ask for less from the server",
    "the filesystem server sent one message larger than the cap while reading a huge file",
  ),
  RUNTIME_CLOSED: entry(
    "the runtime was closed before the call",
    "create a new runtime",
    "units.notes.listNotes() after units.$runtime.close() → the runtime is closed",
  ),
  CANCELLED: entry(
    "the call was cancelled",
    "retry the call if it is still wanted",
    "the MCP client sent notifications/cancelled while GET /notes was running",
  ),
} satisfies Record<string, ErrorCodeEntry>;
