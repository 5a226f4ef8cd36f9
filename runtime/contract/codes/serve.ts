/**
 * Runtime codes of `unitc serve`: its flags, serve tokens, rate limits, search requests and calls
 * between instances (upstreams).
 */
import { type ErrorCodeEntry, entry } from "./entry.js";

/** The codes of serving. */
export const serveCodes = {
  BAD_MAX_CONCURRENT: entry(
    "--max-concurrent is not a whole number",
    "use for example --max-concurrent 16 (0 turns it off)",
    "unitc serve --transport http --max-concurrent lots",
  ),
  BAD_OAUTH_URL: entry(
    "--oauth-issuer is not an issuer URL serve can use",
    "use the authorization server's issuer exactly as its metadata names it, https (http only on loopback)",
    "unitc serve --transport http --oauth-issuer http://id.example.com (http off loopback)",
  ),
  BAD_PATH: entry(
    "serve's --path does not start with /",
    "use for example --path /mcp",
    "unitc serve --transport http --path mcp",
  ),
  BAD_PORT: entry(
    "serve's --port (or UNITC_SERVE_PORT) is not a port",
    "use 0-65535 (0 picks a free port)",
    "unitc serve --transport http --port 70000",
  ),
  BAD_RATE_LIMIT: entry(
    "--rate-limit is not a rate",
    "use N/min, N/s or N/h, for example --rate-limit 600/min (0 turns it off)",
    "unitc serve --transport http --rate-limit 600",
  ),
  BAD_TRANSPORT: entry(
    "--transport is not stdio or http, or an HTTP-only flag such as --stateless was given for stdio",
    "use --transport stdio or --transport http",
    "unitc serve --transport websocket",
  ),
  BAD_UPSTREAM_URL: entry(
    "--upstream is not an http(s) URL without credentials",
    "use the upstream's MCP endpoint, for example https://units.example.com/mcp; its token goes in --upstream-token env:NAME",
    "unitc serve --upstream https://user:secret@units.example.com/mcp",
  ),
  LISTEN_FAILED: entry(
    "unitc serve cannot listen on the host and port it was given",
    "pick another --port (0 picks a free one), or a --host this machine has",
    "unitc serve --transport http --port 8080 while another server holds 8080 → EADDRINUSE",
  ),
  OAUTH_NEEDS_HTTP: entry(
    "--oauth-issuer was given for stdio serving, which has no HTTP endpoint to protect",
    "serve over HTTP with --transport http, or leave --oauth-issuer out",
    "unitc serve --oauth-issuer https://id.example.com (stdio is the default transport)",
  ),
  PROJECT_ROOT_INVALID: entry(
    "serve's --project-root is not a folder",
    "name an existing folder: the project the bound units work in",
    "unitc serve --project-root ./missing-folder",
  ),
  PUBLISHED_NEEDS_STORAGE: entry(
    "serve --published reads the bundle unitc publish put in shared storage, and the user config sets no storage",
    "set storage in the user config to the store unitc publish writes to",
    "unitc serve --published on a machine whose user config has no storage field",
  ),
  TOKEN_NOT_A_REFERENCE: entry(
    "serve's --token was given as its value, which would show in process listings",
    "put the token in an environment variable and pass --token env:NAME",
    "unitc serve --transport http --token 3f9a0c1e77b24d58a1c6",
  ),
  TOKEN_TOO_SHORT: entry(
    "the serve token --token names is too short to be safe",
    "use a long random value, for example: openssl rand -base64 32",
    "UNITC_SERVE_TOKEN=abc123 unitc serve --transport http --token env:UNITC_SERVE_TOKEN",
  ),
  SERVE_TOKEN_EXISTS: entry(
    "a serve token of this name exists already",
    "revoke it first (unitc serve token revoke NAME) or pick another name",
    "unitc serve token create ci, a second time",
  ),
  SERVE_TOKEN_UNVERIFIED: entry(
    "a serve-token record in storage has no MAC, or one that does not match its name, hash, units, rules and expiry; it is ignored",
    "revoke it and create it again with unitc serve token create (which MACs it with the vault key)",
    "someone with write access to the store widened the units of the token ci by hand",
  ),
  SERVE_TOKEN_UNKNOWN: entry(
    "no serve token has this name",
    "unitc serve token list shows the names",
    "unitc serve token revoke deploy, where no token deploy exists",
  ),
  SERVE_TOKEN_BAD_NAME: entry(
    "a serve token's name has characters it may not have",
    "use 1-64 letters, digits, '.', '_' or '-'",
    'unitc serve token create "ci bot"',
  ),
  SERVE_TOKEN_UNKNOWN_UNIT: entry(
    "serve token create --units names a unit the bundle does not have",
    "use the unit IDs unitc list shows (the hint names the nearest); --manifest names the bundle to check against",
    "unitc serve token create ci --units notse",
  ),
  STATUS_UNAVAILABLE: entry(
    "unitc serve status could not read a running serve's status",
    "start unitc serve --transport http, then pass its --url and a token that may read /metrics (--token env:NAME)",
    "unitc serve status --url http://127.0.0.1:9 (nothing listens there)",
  ),
  SERVE_TOKEN_BAD_SCOPE: entry(
    "unitc serve token create --scope names a scope serve tokens do not have",
    "use --scope metrics (the one scope: reading GET /metrics)",
    "unitc serve token create grafana --scope admin",
  ),
  METRICS_FORBIDDEN: entry(
    "GET /metrics was asked with a token that may not read it",
    "use the operators' serve token, or a serve token created with --scope metrics",
    "curl -H 'Authorization: Bearer <a token without the metrics scope>' http://127.0.0.1:8080/metrics",
  ),
  SERVE_TOKEN_BAD_EXPIRY: entry(
    "a serve token's expiry is not a duration",
    "use 30d, 12h, 15m or 45s",
    "unitc serve token create ci --expires 2weeks",
  ),
  SERVE_TOKEN_BAD_PATTERN: entry(
    "a serve token's --allow or --deny pattern is not a pattern over unit.operation",
    "use a unit ID, a dot and an operation name, with * for any text: github.repos_*, *.delete*",
    "unitc serve token create ci --deny delete",
  ),
  AUDIT_BAD_ACTION: entry(
    "unitc audit was given an action it does not have",
    "use unitc audit (list), unitc audit export or unitc audit prune",
    "unitc audit show",
  ),
  AUDIT_BAD_FILTER: entry(
    "an unitc audit option is not a value it takes (--since, --outcome, --retention-days)",
    "--since takes a duration back from now (30d, 12h, 15m, 45s) or an ISO date; --retention-days a whole number of at least 1",
    "unitc audit --since yesterday",
  ),
  RATE_LIMITED: entry(
    "the caller sent more requests, or more at once, than serve's limits allow (HTTP 429)",
    "wait the Retry-After seconds; the operator raises --rate-limit or --max-concurrent",
    "a client sends 700 requests in a minute to a server started with --rate-limit 600/min",
  ),
  QUERY_TOO_LONG: entry(
    "a search query is longer than the search reads",
    'say what you want to do in a few words, for example "send an email"',
    "search_tools with a 2,000-character query pasted from a document",
  ),
  LIMIT_TOO_HIGH: entry(
    "a search or list asked for more hits than maxSearchLimit allows",
    "ask for at most the maximum the message names, or narrow the query",
    'search_tools {"query": "notes", "limit": 500} where maxSearchLimit is 50',
  ),
  NOT_EXPOSED: entry(
    "unitc/call named a unit that is exposed to Code Mode only, not for direct calls",
    "call it from a Code Mode script (the code_mode tool)",
    'unitc/call for unit "billing", whose exposure is codeMode',
  ),
  CONFIRMATION_DECLINED: entry(
    "the call needs the person's confirmation, and they declined it, cancelled it or did not answer in time; it was not made",
    "do not retry it unasked; tell the person what you meant to do, or do something else",
    "notes.deleteNote with unit confirm: destructive, and the person answered decline",
  ),
  CONFIRMATION_UNAVAILABLE: entry(
    "the call needs the person's confirmation, and the MCP client cannot ask them (it declared no elicitation capability); it was not made",
    "use an MCP client that declares the elicitation capability (form mode), or ask the operator to lift the confirm setting",
    "notes.deleteNote with unit confirm: destructive, called by a client that declared no elicitation capability",
  ),
  UPSTREAM_UNAVAILABLE: entry(
    "the upstream instance serving the unit cannot be reached right now",
    "try again shortly; the link is retried in the background",
    "a call to crm.listDeals while https://units.example.com/mcp is restarting",
  ),
  UPSTREAM_ERROR: entry(
    "the upstream instance reported a failed call without a code of its own",
    "read the message; the upstream's own log says more",
    "the upstream answered isError with the text: internal failure",
  ),
  INTERNAL_ERROR: entry(
    "a tool call failed in a way unitc has no code for",
    "read the message; report it to the unitc authors if it repeats",
    "a tool call threw TypeError: Cannot read properties of undefined (reading 'id')",
  ),
} satisfies Record<string, ErrorCodeEntry>;
