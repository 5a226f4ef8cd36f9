/** The manifest's units and operations as the runtime sees them once read (`manifest.ts` reads and checks the file). */
import type { Connection, Invoke } from "./manifest-connections.js";
import type { SharedSchemas } from "./schema-defs.js";

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
  /**
   * In the file only (format 5): text the operations' GraphQL documents repeat, stored once; a
   * document holds `%<n>` where part n stood. Reading puts the documents back whole and drops this.
   */
  documentParts?: string[];
  /**
   * sha256 of what the unit's operations and Code Mode declarations are written from: its canonical
   * config (not its Markdown body) and the spec texts or tool list discovery read.
   */
  sourceHash: string;
}
