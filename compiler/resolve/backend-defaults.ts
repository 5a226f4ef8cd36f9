/**
 * The one place a backend block's schema defaults are filled in: discoverers read `unit.backend`
 * and find every defaulted field set. Values come from the `default` keywords of
 * `schemas/config.schema.json`.
 */
import { isPackageRunner, RUNNER_STARTUP_TIMEOUT_MS } from "../../runtime/invoke/mcp/package-runner.js";
import type { BackendKind } from "../shared/backends.js";
import type { BackendFields, DefaultedFields, ResolvedBackend } from "./backend-types.js";
import { defsDefault } from "./defaults.js";

type Filled<K extends BackendKind> = {
  [F in DefaultedFields[K] & keyof BackendFields[K]]-?: Exclude<BackendFields[K][F], undefined>;
};
type DefaultsOf = { [K in BackendKind]: (declared: BackendFields[K]) => Filled<K> };

const requestTimeoutMs = () => defsDefault<number>("remoteRequestFields", "requestTimeoutMs");
const operationCacheTtlMs = () => defsDefault<number>("operationCacheFields", "operationCacheTtlMs");
const mcpDefault = (field: DefaultedFields["mcp"]) => defsDefault<number>("mcpServerFields", field);

/**
 * The byte cap of a remote backend whose schema has no field for it (OpenAPI, discovery, GraphQL):
 * the HTTP API default.
 */
export function remoteResponseCap(): number {
  return defsDefault<number>("httpApiFields", "maxResponseBytes");
}

/** A stdio server started by a package runner (npx, uvx, …) gets the longer startup default. */
function mcpStartupDefault(declared: BackendFields["mcp"]): number {
  const stdio =
    declared.transport === "stdio" || (declared.transport === undefined && declared.command !== undefined);
  return stdio && isPackageRunner(String(declared.command), declared.args ?? [])
    ? RUNNER_STARTUP_TIMEOUT_MS
    : mcpDefault("startupTimeoutMs");
}

const DEFAULTS: DefaultsOf = {
  mcp: (declared) => ({
    startupTimeoutMs: mcpStartupDefault(declared),
    callTimeoutMs: mcpDefault("callTimeoutMs"),
    toolCacheTtlMs: mcpDefault("toolCacheTtlMs"),
    maxResponseBytes: mcpDefault("maxResponseBytes"),
  }),
  openapi: () => ({ requestTimeoutMs: requestTimeoutMs(), operationCacheTtlMs: operationCacheTtlMs() }),
  discovery: () => ({ requestTimeoutMs: requestTimeoutMs(), operationCacheTtlMs: operationCacheTtlMs() }),
  graphql: () => ({
    requestTimeoutMs: requestTimeoutMs(),
    operationCacheTtlMs: operationCacheTtlMs(),
    selectionDepth: defsDefault<number>("graphqlEndpointFields", "selectionDepth"),
  }),
  http: () => ({
    requestTimeoutMs: requestTimeoutMs(),
    maxResponseBytes: defsDefault<number>("httpApiFields", "maxResponseBytes"),
  }),
  cli: () => ({
    timeoutMs: defsDefault<number>("cliToolsFields", "timeoutMs"),
    maxOutputBytes: defsDefault<number>("cliToolsFields", "maxOutputBytes"),
  }),
  unitSet: () => ({}),
};

/** Each CLI action with its output format: as stated, else the schema's default. */
function withActionOutputs(actions: BackendFields["cli"]["actions"]): ResolvedBackend<"cli">["actions"] {
  const type = defsDefault<"text" | "json">("cliActionOutput", "type");
  // Without a prototype, like the loader's objects: an action named `__proto__` stays an action.
  const filled: ResolvedBackend<"cli">["actions"] = Object.create(null);
  for (const [name, action] of Object.entries(actions)) {
    filled[name] = action && { ...action, output: { type: action.output?.type ?? type } };
  }
  return filled;
}

/** True for a CLI tools block: `kind` names the block's kind (resolve passes them together). */
function isCliBlock(kind: BackendKind, _block: unknown): _block is BackendFields["cli"] {
  return kind === "cli";
}

/** The block with every defaulted field its schema declares set: stated values win. */
export function withDefaults<K extends BackendKind>(kind: K, declared: BackendFields[K]): ResolvedBackend<K> {
  const fill: DefaultsOf[K] = DEFAULTS[kind];
  const block = { ...fill(declared), ...declared };
  const nested = isCliBlock(kind, block) ? { actions: withActionOutputs(block.actions) } : {};
  // Sound by DEFAULTS' type (it fills exactly DefaultedFields[K]) and the CLI step above;
  // TypeScript cannot follow K here.
  return { ...block, ...nested } as ResolvedBackend<K>;
}
