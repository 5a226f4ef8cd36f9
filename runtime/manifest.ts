/**
 * The manifest: everything the runtime needs to serve a compiled bundle. It is the one contract the
 * compiler and the runtime share; secrets stay references (`env:NAME`, `${NAME}`), never values.
 */
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { UnitError } from "./errors.js";

/** Bumped when the manifest shape changes incompatibly. */
export const MANIFEST_FORMAT = 1;

export type JsonSchema = { [key: string]: unknown } | boolean;
export type Exposure =
  | "direct"
  | "progressive"
  | "code_mode"
  | "direct_and_code_mode"
  | "progressive_and_code_mode";
export type Shadowing = "forbid" | "allow" | "namespace";

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

/** Backends whose invocation lands with later features keep their config as data. */
export interface OtherConnection {
  kind: "mcp" | "openapi" | "discovery" | "graphql" | "unitSet";
  [field: string]: unknown;
}

/** `kind` names the backend: http (httpApis), cli (cliTools), mcp, openapi, discovery, graphql, unitSet. */
export type Connection = HttpApiConnection | CliToolsConnection | OtherConnection;

/**
 * One configured HTTP request. `path` holds `{name}` placeholders; `query`, `headers` and `jsonBody`
 * hold templates (`$input`, `$input.a.b`), see `runtime/invoke/template.ts`.
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
}

export type Invoke = HttpInvoke | CliInvoke | { kind: string; [field: string]: unknown };

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
  /** sha256 of the canonical input and output schemas: changes show up in review. */
  schemaHash: string;
}

export interface ManifestUnit {
  id: string;
  kind: Connection["kind"];
  name: string;
  description: string;
  tags: string[];
  exposure: Exposure;
  shadowing: Shadowing;
  useWhen?: string;
  avoidWhen?: string;
  parent?: { id: string; childId: string };
  connection: Connection;
  operations: ManifestOperation[];
  /** sha256 of the unit's canonical config (not its Markdown body). */
  sourceHash: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  generator: "unitc";
  settings: { defaultSearchLimit: number; maxSearchLimit: number };
  units: ManifestUnit[];
}

/** A manifest plus the folder its relative paths are resolved against. */
export interface LoadedManifest {
  manifest: Manifest;
  baseDir: string;
}

/** Reads and checks a manifest file; throws {@link UnitError} `MANIFEST_INVALID` when it is not one. */
export function readManifest(path: string | URL): LoadedManifest {
  const file = typeof path === "string" ? path : fileURLToPath(path);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UnitError("MANIFEST_INVALID", `cannot read manifest ${file}: ${reason}`, {
      hint: "run unitc compile to produce it",
    });
  }
  return { manifest: checkManifest(data, file), baseDir: dirname(file) };
}

/** Checks the parts of a manifest the runtime relies on; throws `MANIFEST_INVALID` otherwise. */
export function checkManifest(data: unknown, source = "manifest"): Manifest {
  const fail = (why: string): never => {
    throw new UnitError("MANIFEST_INVALID", `${source} is not a unitc manifest: ${why}`, {
      hint: "recompile with the unitc version that serves it",
    });
  };
  if (typeof data !== "object" || data === null) return fail("not an object");
  const record = data as Record<string, unknown>;
  if (record.generator !== "unitc") fail("generator is not unitc");
  if (record.format !== MANIFEST_FORMAT) fail(`format ${String(record.format)}, expected ${MANIFEST_FORMAT}`);
  if (!Array.isArray(record.units)) fail("units is not an array");
  for (const unit of record.units as unknown[]) {
    const u = unit as Partial<ManifestUnit> | null;
    if (typeof u?.id !== "string" || !Array.isArray(u.operations)) fail("a unit lacks id or operations");
  }
  return data as Manifest;
}
