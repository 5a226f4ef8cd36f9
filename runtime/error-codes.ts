/**
 * The catalogue of runtime error codes (`UnitError.code`): a one-line summary and the hint to fall
 * back on for each. `UnitErrorCode` is typed from its keys; `unitc explain <CODE>` and docs/codes.md read it.
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
  STORAGE_UNAVAILABLE: entry(
    "the storage a runtime reads vault: secrets and OAuth tokens from cannot be opened (the user config's, or createUnits' storage or userConfig option)",
    "read the store's own code and hint in the message; unitc storage status opens the user config's storage the same way",
  ),
  // Secret references (env:, file:, vault:) in the unit and user config
  REFERENCE_LITERAL: entry(
    "a field that takes a secret holds a literal value instead of a reference",
    "write a reference such as env:NAME, file:/abs/path or vault:NAME (the message names the field)",
  ),
  REFERENCE_NOT_ALLOWED: entry(
    "a field takes references of another kind than the one written (for example vault: where only env: and file: work)",
    "write the reference kind the message shows",
  ),
  FILE_UNREADABLE: entry(
    "a file: reference names a file that cannot be read (missing, a folder, or not readable by this user)",
    "check the path the message names and that this user may read it",
  ),
  FILE_NOT_PRIVATE: entry(
    "a file: reference names a file other users can read or write",
    "make it owner-only: chmod 600 <file>",
  ),
  VAULT_UNAVAILABLE: entry(
    "a field names a vault: secret, and the user config sets no storage to hold the vault",
    "configure storage in the user config, then unitc secret set NAME",
  ),
  VAULT_MISSING: entry("a vault: secret the config names is not set", "run unitc secret set NAME"),
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
  // agent framework adapters (unitc/ai-sdk and the others)
  BAD_EXPOSURE: entry(
    "the exposure asked of agent tools is not direct, search or code_mode",
    "pass exposure: direct (one tool per operation), search (search_tools and call) or code_mode",
  ),
  // unitc serve: flags, tokens and calls between instances
  BAD_MAX_CONCURRENT: entry(
    "--max-concurrent is not a whole number",
    "use for example --max-concurrent 16 (0 turns it off)",
  ),
  BAD_OAUTH_URL: entry(
    "--oauth-issuer is not an issuer URL serve can use",
    "use the authorization server's issuer exactly as its metadata names it, https (http only on loopback)",
  ),
  BAD_PATH: entry("serve's --path does not start with /", "use for example --path /mcp"),
  BAD_PORT: entry("serve's --port (or UNITC_SERVE_PORT) is not a port", "use 0-65535 (0 picks a free port)"),
  BAD_RATE_LIMIT: entry(
    "--rate-limit is not a rate",
    "use N/min, N/s or N/h, for example --rate-limit 600/min (0 turns it off)",
  ),
  BAD_TRANSPORT: entry(
    "--transport is not stdio or http, or an HTTP-only flag such as --stateless was given for stdio",
    "use --transport stdio or --transport http",
  ),
  BAD_UPSTREAM_URL: entry(
    "--upstream is not an http(s) URL without credentials",
    "use the upstream's MCP endpoint, for example https://units.example.com/mcp; its token goes in --upstream-token env:NAME",
  ),
  LISTEN_FAILED: entry(
    "unitc serve cannot listen on the host and port it was given",
    "pick another --port (0 picks a free one), or a --host this machine has",
  ),
  OAUTH_NEEDS_HTTP: entry(
    "--oauth-issuer was given for stdio serving, which has no HTTP endpoint to protect",
    "serve over HTTP with --transport http, or leave --oauth-issuer out",
  ),
  PROJECT_ROOT_INVALID: entry(
    "serve's --project-root is not a folder",
    "name an existing folder: the project the bound units work in",
  ),
  PUBLISHED_NEEDS_STORAGE: entry(
    "serve --published reads the bundle unitc publish put in shared storage, and the user config sets no storage",
    "set storage in the user config to the store unitc publish writes to",
  ),
  TOKEN_NOT_A_REFERENCE: entry(
    "serve's --token was given as its value, which would show in process listings",
    "put the token in an environment variable and pass --token env:NAME",
  ),
  TOKEN_TOO_SHORT: entry(
    "the serve token --token names is too short to be safe",
    "use a long random value, for example: openssl rand -base64 32",
  ),
  NOT_EXPOSED: entry(
    "unitc/call named a unit that is exposed to Code Mode only, not for direct calls",
    "call it from a Code Mode script (the code_mode tool)",
  ),
  UPSTREAM_UNAVAILABLE: entry(
    "the upstream instance serving the unit cannot be reached right now",
    "try again shortly; the link is retried in the background",
  ),
  UPSTREAM_ERROR: entry(
    "the upstream instance reported a failed call without a code of its own",
    "read the message; the upstream's own log says more",
  ),
  INTERNAL_ERROR: entry(
    "a tool call failed in a way unitc has no code for",
    "read the message; report it to the unitc authors if it repeats",
  ),
  QUERY_TOO_LONG: entry(
    "a search query is longer than the search reads",
    'say what you want to do in a few words, for example "send an email"',
  ),
  LIMIT_TOO_HIGH: entry(
    "a search or list asked for more hits than maxSearchLimit allows",
    "ask for at most the maximum the message names, or narrow the query",
  ),
  USER_CONFIG_INVALID: entry(
    "the user config has errors, so the storage it sets cannot be trusted",
    "fix the user config as the listed diagnostics say",
  ),
  // Code Mode runs (the code_mode tool, unitc run, runCodeMode)
  ARGS_INVALID: entry(
    "the arguments of a Code Mode run, a script's units request or a progressive tool call are not what it takes",
    "pass the fields the message names: a run takes a non-empty code and an optional whole timeoutMs",
  ),
  CODE_TOO_LARGE: entry(
    "a Code Mode script is longer than the byte cap",
    "send a shorter script; do the work in several runs",
  ),
  TOO_MANY_RUNS: entry(
    "this session already has a Code Mode run going and the most runs waiting behind it",
    "wait for a run to finish before starting another; one script can make many calls",
  ),
  SYNTAX_ERROR: entry(
    "the script does not parse; nothing was run",
    "fix the script at the line the error names",
  ),
  UNBALANCED: entry(
    "the script closes a brace it never opened, so it would end the sandbox's wrapper early; nothing was run",
    "remove the extra closing brace at the line the diagnostic names",
  ),
  TYPECHECK_SKIPPED: entry(
    "a warning: the script ran without its type check (the checker was starting or busy)",
    "nothing to do; run it again to have it checked, or check types yourself before",
  ),
  SCRIPT_ERROR: entry(
    "the script threw an error, or a promise it awaited rejected",
    "read the error and the line; catch a failed unit call's error to handle it in the script",
  ),
  STACK_OVERFLOW: entry(
    "the script recursed deeper than the sandbox's stack",
    "replace deep recursion with a loop",
  ),
  MEMORY_LIMIT: entry("the script used more memory than a run may", "work on smaller pieces of data"),
  NEVER_SETTLED: entry(
    "the script awaits a promise nothing can settle: no unit call is pending",
    "await unit calls (units.<unit>.<operation>) only; timers such as setTimeout do not exist here",
  ),
  RESULT_NOT_JSON: entry(
    "the value the script returned cannot be turned into JSON",
    "return plain data: objects, arrays, strings, numbers, booleans and null, without cycles",
  ),
  CALL_LIMIT: entry(
    "the script made more unit calls, or had more in flight, or received more bytes, than a run allows; the run was stopped",
    "make fewer, smaller calls per run (await them a few at a time), or split the work over several runs",
  ),
  REQUEST_TOO_LARGE: entry(
    "one unit call's input from a script is larger than a call may send",
    "send less per call: split the input over several calls",
  ),
  CALL_FAILED: entry(
    "a unit call from a script failed in a way that has no code of its own",
    "read the message; retry the call if it may pass",
  ),
  SANDBOX_FAILED: entry(
    "the sandbox engine or its worker stopped during the run",
    "the script may have exhausted the worker's memory; work on smaller data",
  ),
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
  // Storage (filesystem, sqlite, postgresql, object_store) and its sealed vault
  STORAGE_BAD_CONFIG: entry(
    "the user config's storage settings are incomplete or wrong (provider, connection, credentials, vaultKey)",
    "fix the storage field the message names; secrets go in as env:NAME or file:/abs/path",
  ),
  STORAGE_BAD_KEY: entry(
    "a storage record's namespace or name has characters or a length storage does not take",
    "use 1-200 characters of A-Z a-z 0-9 . _ : @ - with / between segments",
  ),
  STORAGE_CORRUPT: entry(
    "a record in storage is not what unitc wrote there (not a store record, or not a published head)",
    "restore it from a backup or delete it; a published head is written again by unitc publish",
  ),
  STORAGE_NO_PRECONDITIONS: entry(
    "the object store ignores conditional writes (If-None-Match, If-Match), so concurrent writers could lose data",
    "use an endpoint that supports them (AWS S3, recent MinIO, R2), or another storage provider",
  ),
  STORAGE_NOT_MIGRATED: entry(
    "the PostgreSQL store's schema is older than this unitc needs",
    "run unitc storage migrate (serving never changes the schema itself)",
  ),
  STORAGE_NOT_WRITABLE: entry(
    "storage cannot be written: the database does not open for writing, a folder is not writable, or a lock stays held",
    "check the folder's or database's owner and mode; a .lock file no process holds can be deleted",
  ),
  STORAGE_SCHEMA_NEWER: entry(
    "the store was written by a newer unitc, whose schema this one does not know",
    "upgrade unitc; an older one must not write to it",
  ),
  STORAGE_UNREACHABLE: entry(
    "storage cannot be read: the folder, database or object store does not answer",
    "check the storage location in the user config, that it exists and that this user may read it",
  ),
  VAULT_BAD_KEY: entry(
    "storage.vaultKey is not 32 bytes as base64url, or its key file is readable or writable by others",
    "set vaultKey to a reference holding 32 random bytes as base64url (openssl rand -base64 32 | tr '+/' '-_'), in an owner-only file (chmod 600)",
  ),
  VAULT_CORRUPT: entry(
    "a sealed record or a storage dump is not one unitc can open: altered, moved from another record, or another format",
    "restore the record from an export, or delete it and set the secret again; import only files unitc storage export wrote",
  ),
  VAULT_NO_KEY: entry(
    "a shared storage provider has no storage.vaultKey; unitc never makes one up, since every replica must share it",
    "set storage.vaultKey to a reference (env:NAME or file:/abs/path) to the key all replicas use",
  ),
  VAULT_WRONG_KEY: entry(
    "a sealed record was sealed with another vault key than the one configured",
    "set vaultKey to the key with the id the message names, or rotate with unitc storage rotate-key --old <ref>",
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

/**
 * A code union of an error class other than `UnitError`, spelled out where it is thrown:
 * `CataloguedCode<"A" | "B">` does not compile when one of them is not in this catalogue.
 */
export type CataloguedCode<Code extends UnitErrorCode> = Code;

/** The runtime catalogue, by code. */
export const runtimeErrorCodes: Readonly<Record<UnitErrorCode, ErrorCodeEntry>> = codes;
