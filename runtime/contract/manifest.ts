/**
 * The manifest: everything the runtime needs to serve a compiled bundle. It is the one contract the
 * compiler and the runtime share; secrets stay references (`env:NAME`, `${NAME}`), never values.
 */
import { isAscii } from "node:buffer";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { UnitError } from "./errors.js";
import { expandOperation } from "./manifest-derived.js";
import { expandSchema, type SharedSchemas } from "./schema-defs.js";

/**
 * Bumped when the manifest shape changes incompatibly. Format 2 stores a unit's shared schema
 * definitions once (`unit.schemas`); format 3 also leaves out the operation fields the rest of the
 * operation says (`manifest-derived.ts`); format 4 also stores once a schema repeated with only its
 * description different (`schema-defs.ts` `repeatRef`). Formats 1 (every schema self-contained),
 * 2 and 3 are still read.
 */
export const MANIFEST_FORMAT = 4;
/** The first format that leaves out derivable operation fields (format 4 does too). */
const DERIVED_FIELDS_FORMAT = 3;
/**
 * The format of a manifest that writes every operation field: what reading a format 3 or 4
 * manifest returns, so that checking it again leaves it as it is.
 */
export const FULL_FIELDS_FORMAT = 2;
/** Formats this runtime reads. */
const READABLE_FORMATS: readonly unknown[] = [1, FULL_FIELDS_FORMAT, DERIVED_FIELDS_FORMAT, MANIFEST_FORMAT];

export type JsonSchema = { [key: string]: unknown } | boolean;
export type Exposure =
  | "direct"
  | "progressive"
  | "code_mode"
  | "direct_and_code_mode"
  | "progressive_and_code_mode";
export type Shadowing = "forbid" | "allow" | "namespace";

/** Exposure modes, one predicate each: `direct`, `progressive` and `code_mode` parts of a mode. */
export const hasDirect = (e: Exposure) => e === "direct" || e === "direct_and_code_mode";
export const hasProgressive = (e: Exposure) => e === "progressive" || e === "progressive_and_code_mode";
export const hasCodeMode = (e: Exposure) =>
  e === "code_mode" || e === "direct_and_code_mode" || e === "progressive_and_code_mode";

/** MCP tool annotations. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

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

/** One callable operation of a unit. */
export interface ManifestOperation {
  /** The name in the source (action key, operationId, tool name). */
  name: string;
  /** The name in generated TypeScript. */
  tsName: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  invoke: Invoke;
  /** The name of the unit's group (see {@link ManifestUnit.groups}) the operation sits in. */
  group?: string;
  /** Short phrases people use for the operation, from its author: search matches them like its name. */
  searchHints?: string[];
  /** sha256 of the canonical input and output schemas: changes show up in review. */
  schemaHash: string;
}

/** A resource a downstream MCP server lists. */
export interface McpResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A resource template a downstream MCP server lists. */
export interface McpResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A prompt a downstream MCP server lists. */
export interface McpPromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
}

/** Where a unit from a unit set came from, and the set settings that apply to it. */
export interface UnitSetInfo {
  /** The enclosing sets' IDs, outermost first (`["team", "tools"]` for `team__tools__x`). */
  path: string[];
  defaultSearchLimit?: number;
  maxSearchLimit?: number;
  toolCacheTtlMs?: number;
}

/**
 * A group of a unit's operations as its source names it: an OpenAPI tag (with its `x-displayName`
 * and description), a discovery resource, a GraphQL return type. Written once per unit; operations
 * name theirs.
 */
export interface OperationGroup {
  name: string;
  title?: string;
  description?: string;
}

/** A runtime feature a unit needs of its host. */
export type RuntimeFeature = "docker" | "browser";

/** A unit's declared `runtime`: the host features and the resource class it needs. */
export interface UnitRuntimeNeeds {
  features?: RuntimeFeature[];
  resources?: { class?: "standard" | "large" | "heavy" };
}

/** What describes a unit to people and agents, the same in config, manifest and served catalogue. */
export interface UnitDescription {
  id: string;
  name: string;
  description: string;
  tags: string[];
  exposure: Exposure;
  shadowing: Shadowing;
  useWhen?: string;
  avoidWhen?: string;
}

/**
 * A unit's `confirm`: `destructive` (operations annotated `destructiveHint: true`, and HTTP DELETE
 * operations) or operation names, where `*` matches any characters.
 */
export type ConfirmSetting = "destructive" | string[];

/**
 * A unit's `audit`: `arguments: true` keeps each call's arguments in the audit log, redacted; `redact`
 * names more keys (at any depth) or dotted paths from the top whose values are redacted.
 */
export interface UnitAuditSetting {
  arguments: boolean;
  redact?: string[];
}

/** A unit's presentation metadata for catalogs (`catalog` in the unit file). */
export interface UnitCatalog {
  icon?: string;
}

export interface ManifestUnit extends UnitDescription {
  kind: Connection["kind"];
  /**
   * `exposure` is the default: neither the unit, its parent nor the project config set it, so the
   * serving person's `options.exposure` replaces it.
   */
  exposureDefaulted?: true;
  /** Presentation for catalogs: `icon` is an HTTPS URL or a path relative to the bundle folder. */
  catalog?: UnitCatalog;
  parent?: { id: string; childId: string };
  /** MCP: the downstream's resources, resource templates and prompts, as listed at build time. */
  resources?: McpResourceInfo[];
  resourceTemplates?: McpResourceTemplateInfo[];
  prompts?: McpPromptInfo[];
  /** A unit brought in by unit sets: the enclosing sets and the limits they apply to it. */
  unitSet?: UnitSetInfo;
  /** The groups the unit's operations sit in, as its source names them (operations name theirs). */
  groups?: OperationGroup[];
  /** What the unit needs of the host it runs on, as the author declared it (never guessed). */
  runtime?: UnitRuntimeNeeds;
  /**
   * The unit runs with its working folder at the project root a serving session supplies; without
   * a root it is not served (hidden from tool lists, search and Code Mode declarations).
   */
  projectBinding?: { required: true };
  /** The operations serving confirms with the person before calling them. */
  confirm?: ConfirmSetting;
  /** What the audit log keeps of the unit's calls besides what was called and the outcome. */
  audit?: UnitAuditSetting;
  connection: Connection;
  operations: ManifestOperation[];
  /**
   * In the file only: definitions the operations' schemas share, by `$defs` name, stored once.
   * Reading a manifest puts them back into each schema that reaches them and drops this table.
   */
  schemas?: SharedSchemas;
  /** sha256 of the unit's canonical config (not its Markdown body). */
  sourceHash: string;
}

export interface Manifest {
  /** The format written is {@link MANIFEST_FORMAT}; formats 1 (no shared schemas), 2 and 3 are still read. */
  format: typeof MANIFEST_FORMAT | typeof DERIVED_FIELDS_FORMAT | typeof FULL_FIELDS_FORMAT | 1;
  generator: "unitc";
  settings: { defaultSearchLimit: number; maxSearchLimit: number };
  units: ManifestUnit[];
}

/** A manifest plus the folder its relative paths are resolved against. */
export interface LoadedManifest {
  manifest: Manifest;
  baseDir: string;
  /** The absolute path it was read from. */
  file: string;
}

/**
 * A file's text. When it is all ASCII, as manifests usually are, it is decoded as Latin-1 (the same
 * text): on a large bundle's manifest that takes a fraction of the time UTF-8 decoding does.
 */
function readText(file: string): string {
  const bytes = readFileSync(file);
  return bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
}

/** Reads and checks a manifest file; throws {@link UnitError} `MANIFEST_INVALID` when it is not one. */
export function readManifest(path: string | URL): LoadedManifest {
  // Absolute: paths in the manifest resolve against its folder, whatever the working folder is later.
  const file = resolve(typeof path === "string" ? path : fileURLToPath(path));
  let data: unknown;
  try {
    data = JSON.parse(readText(file));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    const reason = missing ? "no such file" : error instanceof Error ? error.message : String(error);
    throw new UnitError("MANIFEST_INVALID", `cannot read manifest ${file}: ${reason}`, {
      hint: missing
        ? `run unitc compile to produce it; an app built into another folder finds the bundle it was ` +
          `built from, and one shipped without it needs the bundle's JSON files copied into ` +
          `${dirname(file)}, or a manifestPath naming the manifest`
        : "run unitc compile to produce it",
    });
  }
  return { manifest: checkManifest(data, file), baseDir: dirname(file), file };
}

/**
 * Checks the parts of a manifest the runtime relies on; throws `MANIFEST_INVALID` otherwise. The
 * manifest returned has self-contained schemas (shared definitions put back; `data` is not changed).
 */
export function checkManifest(data: unknown, source = "manifest"): Manifest {
  const fail = (why: string): never => {
    throw new UnitError("MANIFEST_INVALID", `${source} is not a unitc manifest: ${why}`, {
      hint: "recompile with the unitc version that serves it",
    });
  };
  if (typeof data !== "object" || data === null) return fail("not an object");
  const record = data as Record<string, unknown>;
  if (record.generator !== "unitc") fail("generator is not unitc");
  if (!READABLE_FORMATS.includes(record.format)) {
    fail(`format ${String(record.format)}, this runtime reads formats ${READABLE_FORMATS.join(", ")}`);
  }
  if (!Array.isArray(record.units)) fail("units is not an array");
  for (const unit of record.units as unknown[]) {
    const u = unit as Partial<ManifestUnit> | null;
    if (typeof u?.id !== "string" || !Array.isArray(u.operations)) fail("a unit lacks id or operations");
    if (u?.operations?.some((op) => typeof op !== "object" || op === null)) {
      fail(`unit ${u.id}: an operation is not an object`);
    }
    if (u?.schemas !== undefined && (typeof u.schemas !== "object" || u.schemas === null)) {
      fail(`unit ${u.id}: schemas is not an object`);
    }
  }
  const manifest = withDerivedFields(data as Manifest);
  if (!manifest.units.some((unit) => unit.schemas !== undefined)) return manifest;
  return { ...manifest, units: manifest.units.map(expandUnit) };
}

/**
 * A format 3 or 4 manifest with the operation fields it leaves out put back (`manifest-derived.ts`),
 * as a manifest of {@link FULL_FIELDS_FORMAT}; its schemas still refer to the shared table. Other
 * formats write every field and are returned as they are.
 */
export function withDerivedFields(manifest: Manifest): Manifest {
  if (manifest.format !== MANIFEST_FORMAT && manifest.format !== DERIVED_FIELDS_FORMAT) return manifest;
  const units = manifest.units.map((unit) => ({
    ...unit,
    operations: unit.operations.map((op) =>
      expandOperation(
        op as unknown as Record<string, unknown>,
        unit.kind,
        unit.schemas,
        manifest.format === MANIFEST_FORMAT,
      ),
    ),
  }));
  return { ...manifest, format: FULL_FIELDS_FORMAT, units };
}

/** A unit whose operations' schemas hold the shared definitions they reach, without the table. */
export function expandUnit(unit: ManifestUnit): ManifestUnit {
  const { schemas, ...rest } = unit;
  if (schemas === undefined) return unit;
  return { ...rest, operations: unit.operations.map((op) => expandLazily(op, schemas)) };
}

/**
 * An operation whose schemas are expanded on first read: a command that lists a large bundle, or
 * calls one operation of it, never pays for expanding every operation's schemas.
 */
function expandLazily(op: ManifestOperation, schemas: SharedSchemas): ManifestOperation {
  const out = { ...op };
  for (const key of ["inputSchema", "outputSchema"] as const) {
    const raw = op[key];
    if (raw === undefined) continue;
    let expanded: JsonSchema | undefined;
    Object.defineProperty(out, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        expanded ??= expandSchema(raw, schemas);
        return expanded;
      },
      set: (value: JsonSchema) => {
        expanded = value;
      },
    });
  }
  return out;
}
