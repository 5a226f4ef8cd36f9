/**
 * The catalogue of runtime error codes (`UnitError.code`): a one-line summary and the hint to fall
 * back on for each. `UnitErrorCode` is typed from its keys; `unitc explain <CODE>` and the README read it.
 */

/** One runtime catalogue entry. Runtime errors are always errors, so there is no severity. */
export interface ErrorCodeEntry {
  summary: string;
  hint: string;
}

const entry = (summary: string, hint: string): ErrorCodeEntry => ({ summary, hint });

const codes = {
  MANIFEST_INVALID: entry(
    "the manifest cannot be read or is not a unitc manifest",
    "run unitc compile again",
  ),
  UNKNOWN_UNIT: entry("no unit has this ID", "call search_tools or units.describe for the unit IDs"),
  UNKNOWN_OPERATION: entry("the unit has no operation of this name", "list the unit's operations first"),
  INPUT_INVALID: entry(
    "the input does not match the operation's input schema",
    "fix the input as the listed problems say",
  ),
  MISSING_ENV: entry(
    "an environment variable a reference names is not set",
    "set the variable, or change the reference",
  ),
  AUTH_REQUIRED: entry(
    "the unit needs an OAuth login, or its stored token was issued for another configuration",
    "run unitc auth login <unit>",
  ),
  AUTH_FAILED: entry(
    "an OAuth exchange failed: the provider refused, or its answer did not check out",
    "read the message; check the unit's clientId, scopes and issuer, then log in again",
  ),
  AUTH_PKCE_UNSUPPORTED: entry(
    "a login was refused: the authorization server does not advertise PKCE S256 in code_challenge_methods_supported",
    "ask the provider to enable PKCE with S256, or set the unit's authorizationUrl and tokenUrl when its metadata is wrong",
  ),
  OAUTH_TOKEN_INVALID: entry(
    "unitc serve refused an OAuth access token: not a JWT, or its signature, issuer, audience or time is wrong",
    "get a new token from the issuer for this server's resource URI (its protected-resource metadata names both)",
  ),
  OAUTH_SCOPE_MISSING: entry(
    "unitc serve refused an OAuth access token that lacks a scope the server requires",
    "ask the issuer for a token with the scopes in the WWW-Authenticate challenge",
  ),
  OAUTH_ISSUER_UNAVAILABLE: entry(
    "unitc serve could not reach the OAuth issuer's metadata or keys to check a token",
    "check that --oauth-issuer is right and reachable (https, or http on loopback); clients may retry",
  ),
  SECRET_UNAVAILABLE: entry(
    "a file: or vault: secret the unit refers to cannot be read",
    "set it with unitc secret set NAME, or fix the file's path and mode (owner-only)",
  ),
  UNSUPPORTED_BACKEND: entry(
    "the operation's backend cannot be invoked by this runtime",
    "upgrade unitc, or disable the unit",
  ),
  HTTP_STATUS: entry("the API answered with a non-2xx status", "read the status and the excerpt of the body"),
  HTTP_FAILED: entry("the HTTP request failed before an answer", "check the network and the API's URL"),
  OPTIONAL_PACKAGE_MISSING: entry(
    "this feature needs an optional package that is not installed (object_store or postgresql storage, unitc tokens, compile --bundle, Swagger 2.0)",
    "install the package the message names: npm install <package>@<version>",
  ),
  OUTBOUND_REFUSED: entry(
    "a request would reach a private, loopback, link-local or other non-public address the unit was not configured for",
    "put the address itself in the unit's baseUrl / url / endpointUrl, or list it in UNITC_OUTBOUND_ALLOW",
  ),
  HTTP_REDIRECT: entry("the API redirected somewhere unitc does not follow", "set baseUrl to the final URL"),
  TIMEOUT: entry("the call took longer than its timeout", "raise timeoutMs, or ask for less"),
  RESPONSE_TRUNCATED: entry("the response was larger than the byte cap", "ask for less, or raise the cap"),
  OUTPUT_INVALID: entry(
    "the output does not match the operation's output schema",
    "fix the backend or the declared outputSchema",
  ),
  CLI_EXIT: entry("the command exited with a non-zero status", "read the exit code and the stderr excerpt"),
  CLI_SPAWN: entry("the command could not be started", "check that the command is installed and on PATH"),
  SETUP_NOT_APPROVED: entry(
    "a unit's setup plan has not been approved for its current content hash",
    "read the plan `unitc setup <unit>` prints, then run it again with --yes",
  ),
  PROJECT_NOT_FOUND: entry(
    "no unitc project (a folder holding .units/) in the working folder or any folder above it, up to the home folder",
    "run the command inside a project, pass --project DIR, or create a project with unitc init",
  ),
  PROJECT_UNTRUSTED: entry(
    "the command would run commands the project declares (stdio MCP servers, CLI actions, setup or verify items) and that command set is not trusted on this machine",
    "read the commands with `unitc trust` and trust them, or pass --trust (UNITC_TRUST=1 in CI) for one run",
  ),
  CONFIG_INVALID: entry(
    "setup, verify, doctor or auth found errors in the project's config or unit files",
    "run unitc validate and fix the files it names",
  ),
  PATH_OUTSIDE_ROOT: entry("a path input leaves its allowed root", "pass a path inside the root"),
  PROJECT_ROOT_REQUIRED: entry(
    "the unit is bound to a project, and this session supplies no usable project root",
    "serve with --project-root DIR, or (over stdio) connect with an MCP client that declares roots",
  ),
  GRAPHQL_ERRORS: entry(
    "the GraphQL response carried errors",
    "read the errors; partial data is in details.data",
  ),
  MCP_START_FAILED: entry("the downstream MCP server did not start", "run its command by hand to see why"),
  MCP_CRASHED: entry("the downstream MCP server exited during the call", "read its stderr excerpt"),
  MCP_TOOL_ERROR: entry("the downstream MCP tool reported an error", "read the tool's error text"),
  MCP_PROTOCOL_ERROR: entry(
    "the downstream MCP server broke the protocol",
    "report it to the server's authors",
  ),
  MCP_SCHEMA_DRIFT: entry(
    "the downstream server's tools changed since the compile",
    "run unitc compile again",
  ),
  MCP_MESSAGE_TOO_LARGE: entry(
    "a downstream MCP message was larger than the cap",
    "ask for less from the server",
  ),
  BUNDLE_NOT_FOUND: entry(
    "unitc publish found no compiled bundle (a folder with manifest.json and no symbolic links)",
    "run unitc compile first, or point --out at its output folder",
  ),
  PUBLISHED_BUNDLE_INVALID: entry(
    "a published bundle is missing a part in storage or does not match its digest; it is not served",
    "publish the bundle again with unitc publish; replicas keep serving the last good one meanwhile",
  ),
  NODE_TOO_OLD: entry(
    "the Node.js running unitc is older than 22.15, the oldest it supports",
    "install Node.js 22.15 or newer (https://nodejs.org), then run unitc again",
  ),
  PUBLISHED_HEAD_UNVERIFIED: entry(
    "the published head carries no signature, or one that does not verify with the replica's key; the bundle it names is not served",
    "publish again with unitc publish and the publishing key (storage.publishKey, or the replicas' vaultKey); replicas keep serving the last good bundle meanwhile",
  ),
  PUBLISH_KEY_INVALID: entry(
    "storage.publishKey or storage.publisherPublicKey is not 32 bytes as base64url",
    "make a key pair with unitc publish keygen FILE; set publishKey to a reference to FILE and publisherPublicKey to the printed public key",
  ),
  RUNTIME_CLOSED: entry("the runtime was closed before the call", "create a new runtime"),
  CANCELLED: entry("the call was cancelled", "retry the call if it is still wanted"),
  SERVE_TOKEN_EXISTS: entry(
    "a serve token of this name exists already",
    "revoke it first (unitc serve token revoke NAME) or pick another name",
  ),
  SERVE_TOKEN_UNVERIFIED: entry(
    "a serve-token record in storage has no MAC, or one that does not match its name, hash, units and expiry; it is ignored",
    "revoke it and create it again with unitc serve token create (which MACs it with the vault key)",
  ),
  SERVE_TOKEN_UNKNOWN: entry("no serve token has this name", "unitc serve token list shows the names"),
  SERVE_TOKEN_BAD_NAME: entry(
    "a serve token's name has characters it may not have",
    "use 1-64 letters, digits, '.', '_' or '-'",
  ),
  SERVE_TOKEN_UNKNOWN_UNIT: entry(
    "serve token create --units names a unit the bundle does not have",
    "use the unit IDs unitc list shows (the hint names the nearest); --manifest names the bundle to check against",
  ),
  SERVE_TOKEN_BAD_EXPIRY: entry("a serve token's expiry is not a duration", "use 30d, 12h, 15m or 45s"),
  RATE_LIMITED: entry(
    "the caller sent more requests, or more at once, than serve's limits allow (HTTP 429)",
    "wait the Retry-After seconds; the operator raises --rate-limit or --max-concurrent",
  ),
  VAULT_ROLLBACK: entry(
    "a sealed record is older than its namespace's index says (put back from an older copy, or found after its delete), or its namespace has records but no index",
    "delete the record and write it again (unitc secret delete, unitc auth logout), restore the store from a trusted copy, or adopt an earlier unitc's store with unitc storage export then import",
  ),
  STORAGE_EXPORT_SYMLINK: entry(
    "unitc storage export --to names a symbolic link, which it does not write through",
    "pass the path of a regular file, or of one that does not exist yet",
  ),
} satisfies Record<string, ErrorCodeEntry>;

/** Every runtime error code. */
export type UnitErrorCode = keyof typeof codes;

/** The runtime catalogue, by code. */
export const runtimeErrorCodes: Readonly<Record<UnitErrorCode, ErrorCodeEntry>> = codes;
