/** The manifest's backends: how a unit reaches its API or server (`Connection`) and how one operation is called (`Invoke`). */

/** Auth of a remote backend; secret-bearing fields hold references, resolved at call time. */
export type AuthConfig =
  | { type: "none" }
  | { type: "bearer"; token: string }
  | { type: "headers"; headers: Record<string, string> }
  | { type: "oauth2" | "oidc"; [field: string]: unknown };

/** How to reach an HTTP API with configured actions. */
export interface HttpApiConnection {
  kind: "http";
  baseUrl: string;
  auth: AuthConfig;
  requestTimeoutMs: number;
  maxResponseBytes: number;
}

/** CLI actions carry everything per operation; the unit adds nothing. */
export interface CliToolsConnection {
  kind: "cli";
}

/** How to reach a GraphQL endpoint: every operation is POSTed to `endpointUrl`. */
export interface GraphqlConnection {
  kind: "graphql";
  endpointUrl: string;
  auth: AuthConfig;
  requestTimeoutMs: number;
  maxResponseBytes: number;
}

/**
 * How to reach an API described by an OpenAPI document: every request goes to `baseUrl` (the
 * configured one, else the spec's first server), never to another origin.
 */
export interface OpenapiConnection {
  kind: "openapi";
  baseUrl: string;
  /**
   * `fetched-document` when no `baseUrl` was configured and a document fetched at build time chose
   * the base URL's host: that address does not widen what the outbound guard lets the unit reach.
   */
  baseUrlFrom?: "fetched-document";
  auth: AuthConfig;
  requestTimeoutMs: number;
  maxResponseBytes: number;
}

/** How to reach an API described by a vendor discovery document (`rootUrl` + `servicePath`, or `baseUrl`). */
export interface DiscoveryConnection extends Omit<OpenapiConnection, "kind"> {
  kind: "discovery";
}

/**
 * How to reach a downstream MCP server. Declared `env` values and auth keep their references
 * (`${NAME}`, `$env:NAME`, `env:NAME`); they are resolved when the server is started.
 */
export interface McpConnection {
  kind: "mcp";
  transport: "stdio" | "http" | "sse";
  /**
   * stdio: the executable (a name looked up on PATH, or a path: absolute, or relative to the
   * manifest's folder), its arguments, the declared environment and working directory.
   */
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  /** Absolute, or relative to the manifest's folder (POSIX separators). */
  cwd?: string;
  /** http and sse: the server URL, and optional auth sent on every request. */
  url?: string;
  auth?: AuthConfig;
  startupTimeoutMs: number;
  callTimeoutMs: number;
  /** Longest tool result passed on; see `runtime/invoke/mcp/result.ts`. */
  maxResponseBytes: number;
}

/** Backends whose invocation lands with later features keep their config as data. */
export interface OtherConnection {
  kind: "unitSet";
  [field: string]: unknown;
}

/** `kind` names the backend: http (httpApis), cli (cliTools), mcp, openapi, discovery, graphql, unitSet. */
export type Connection =
  | HttpApiConnection
  | CliToolsConnection
  | GraphqlConnection
  | OpenapiConnection
  | DiscoveryConnection
  | McpConnection
  | OtherConnection;

/**
 * One configured HTTP request. `path` holds `{name}` placeholders; `query`, `headers` and `jsonBody`
 * hold templates (`$input`, `$input.a.b`), see `runtime/invoke/shared/template.ts`.
 */
export interface HttpInvoke {
  kind: "http";
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  jsonBody?: unknown;
}

/** One configured command, run without a shell. */
export interface CliInvoke {
  kind: "cli";
  command: string;
  args: string[];
  /** Declared environment; values may be secret references, resolved at call time. */
  env: Record<string, string>;
  /** Working directory: absolute, or relative to the manifest's folder (POSIX separators). */
  cwd: string;
  timeoutMs: number;
  maxOutputBytes: number;
  output: "text" | "json";
  /** Inputs naming files or folders: input property → root folder, relative to `cwd`. */
  pathInputs?: Record<string, string>;
}

/**
 * One GraphQL operation. `document` is the final text sent as `query`: the chosen operation plus the
 * fragments it uses, validated against the schema at build time.
 */
export interface GraphqlInvoke {
  kind: "graphql";
  operationType: "query" | "mutation";
  /** Sent as `operationName`; absent for an anonymous operation. */
  operationName?: string;
  document: string;
}

/** HTTP methods an OpenAPI path item can hold. */
export type OpenapiMethod = "GET" | "PUT" | "POST" | "DELETE" | "OPTIONS" | "HEAD" | "PATCH" | "TRACE";

/**
 * One parameter of an OpenAPI operation: where it goes and how it is serialised (OpenAPI 3 `style`
 * and `explode`), as serialisation reads it. Its value is read from the input group named by `in`
 * (`input.query.limit`).
 */
export interface OpenapiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  style: "simple" | "label" | "matrix" | "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  explode: boolean;
  required: boolean;
  /** Path parameters only: the value may span segments (`{+name}`); dot-segments are still rejected. */
  allowReserved?: boolean;
  /** Set for a parameter described by `content`: the value is sent as JSON text when it is JSON. */
  contentType?: string;
}

/**
 * A parameter as the manifest stores it: `style` and `explode` are left out where they are
 * OpenAPI's defaults (style `simple` in path and header, `form` in query and cookie; explode only
 * for `form`), which the runtime fills back in when it reads the operation. Older manifests write
 * them always, which reads the same.
 */
export type ManifestParameter = Omit<OpenapiParameter, "style" | "explode"> &
  Partial<Pick<OpenapiParameter, "style" | "explode">>;

/** The request body of an OpenAPI operation, taken from `input.body`. */
export interface OpenapiBody {
  /** The media type sent: JSON (`application/json`, `+json`), form, multipart, or raw text/bytes. */
  contentType: string;
  required: boolean;
  /** `multipart/form-data` only: top-level properties sent as file parts. */
  files?: string[];
}

/**
 * One operation of an OpenAPI document. `path` is the spec's template (`/pets/{petId}`); the input is
 * grouped as `{ path, query, header, cookie, body }`.
 */
export interface OpenapiInvoke {
  kind: "openapi";
  method: OpenapiMethod;
  path: string;
  parameters: ManifestParameter[];
  body?: OpenapiBody;
}

/** One method of a discovery document, called like an OpenAPI operation. */
export interface DiscoveryInvoke extends Omit<OpenapiInvoke, "kind"> {
  kind: "discovery";
  /** The OAuth scopes the document says the method needs. */
  scopes?: string[];
}

/**
 * One tool of a downstream MCP server. `result` says what a call returns: `structured` (the tool
 * declares an output schema) gives its `structuredContent`; `callToolResult` gives the whole result.
 */
export interface McpInvoke {
  kind: "mcp";
  tool: string;
  result: "structured" | "callToolResult";
}

/**
 * How an operation is called: one member per kind, and no catch-all, so a kind half-added (here but
 * not in the runtime's invokers, or the other way round) does not compile. A manifest read from disk
 * may still name a kind outside it (one a newer unitc compiled); calling it is `UNSUPPORTED_BACKEND`.
 */
export type Invoke = HttpInvoke | CliInvoke | GraphqlInvoke | OpenapiInvoke | DiscoveryInvoke | McpInvoke;
