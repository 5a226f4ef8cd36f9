/**
 * `manifest.json`: the runtime's view of the bundle. Secrets stay references; paths the author wrote
 * relative (working folders, commands given as paths, catalog icons) stay relative (to the output
 * folder now).
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import {
  type Connection,
  type Invoke,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestOperation,
  type ManifestUnit,
  type UnitCatalog,
  type UnitRuntimeNeeds,
} from "../../runtime/contract/manifest.js";
import { isCommandPath } from "../../runtime/invoke/cli/plan.js";
import type { ManifestExtras } from "../discover/shared/types.js";
import type { ResolvedSettings } from "../resolve/types.js";
import { CanonicalMemo } from "../shared/canonical-memo.js";
import type { UnitPlan } from "./plan.js";
import { operationSearchHints } from "./search-hints.js";

/** What the unit file states for an action (its own, else the unit's), before discover resolved it. */
function declared(plan: UnitPlan, field: "cwd" | "command", operation?: string): unknown {
  const { unit } = plan.ir;
  if (unit.kind === "mcp") return unit.declared[field];
  if (unit.kind !== "cli") return undefined;
  const action = operation === undefined ? undefined : unit.declared.actions?.[operation];
  return action?.[field] ?? (field === "cwd" ? unit.declared.cwd : undefined);
}

/**
 * A working directory the author wrote as a relative path becomes relative to the output folder, with
 * `/` separators, so project and bundle can move together; one written as an absolute path stays as
 * is (making it relative would tie the bundle to the folder it was compiled in).
 */
function portableCwd(cwd: string, outDir: string, declared: unknown): string {
  if (!isAbsolute(cwd) || (typeof declared === "string" && isAbsolute(declared))) return cwd;
  return relative(outDir, cwd).split(sep).join("/") || ".";
}

/**
 * A command the author gave as a relative path, made relative to the output folder like a working
 * folder; it keeps a slash (`./tool`), so the runtime does not look it up on PATH.
 */
function portableCommand(command: string, outDir: string, stated: unknown): string {
  if (typeof stated !== "string" || !isCommandPath(stated)) return command;
  const path = portableCwd(command, outDir, stated);
  return isCommandPath(path) ? path : `./${path}`;
}

function portableInvoke(invoke: Invoke, outDir: string, plan: UnitPlan, operation: string): Invoke {
  if (invoke.kind !== "cli" || typeof invoke.cwd !== "string" || typeof invoke.command !== "string") {
    return invoke;
  }
  return {
    ...invoke,
    command: portableCommand(invoke.command, outDir, declared(plan, "command", operation)),
    cwd: portableCwd(invoke.cwd, outDir, declared(plan, "cwd", operation)),
  };
}

/** An MCP server's command and `cwd` (stdio), made portable like a CLI action's. */
function portableConnection(plan: UnitPlan, outDir: string): Connection {
  const { connection } = plan.ir;
  if (connection.kind !== "mcp" || connection.transport !== "stdio") return connection;
  return {
    ...connection,
    ...(connection.command !== undefined
      ? { command: portableCommand(connection.command, outDir, declared(plan, "command")) }
      : {}),
    ...(connection.cwd !== undefined
      ? { cwd: portableCwd(connection.cwd, outDir, declared(plan, "cwd")) }
      : {}),
  };
}

/**
 * The unit's catalog metadata. An HTTPS icon is kept as written; a file icon, written relative to the
 * unit's folder, becomes relative to the output folder like the other paths here.
 */
function portableCatalog(catalog: UnitCatalog, baseDir: string, outDir: string): UnitCatalog {
  if (catalog.icon === undefined || catalog.icon.startsWith("https://")) return { ...catalog };
  const icon = relative(outDir, resolve(baseDir, catalog.icon)).split(sep).join("/");
  return { ...catalog, icon };
}

/** Fields a backend adds at discovery (MCP resources and prompts, unit-set info), in manifest order. */
function extras(plan: UnitPlan): ManifestExtras {
  const { resources, resourceTemplates, prompts, unitSet, groups } = plan.ir.manifestExtras ?? {};
  return {
    ...(resources !== undefined ? { resources } : {}),
    ...(resourceTemplates !== undefined ? { resourceTemplates } : {}),
    ...(prompts !== undefined ? { prompts } : {}),
    ...(unitSet !== undefined ? { unitSet } : {}),
    ...(groups !== undefined && groups.length > 0 ? { groups } : {}),
  };
}

function optionalHints(hints: string[] | undefined): { searchHints?: string[] } {
  return hints !== undefined ? { searchHints: hints } : {};
}

/** Optional fields are written in the order `runtime/contract/manifest.ts` declares them, so diffs read alike. */
function manifestUnit(plan: UnitPlan, outDir: string): ManifestUnit {
  const { unit, connection, sourceHash } = plan.ir;
  // Operations share their definitions' objects: each one's canonical text is made once per unit.
  const canonical = new CanonicalMemo();
  const operations = plan.operations.map(
    (op): ManifestOperation => ({
      name: op.ir.name,
      tsName: op.tsName,
      description: op.ir.description,
      inputSchema: op.ir.inputSchema,
      ...(op.ir.outputSchema !== undefined ? { outputSchema: op.ir.outputSchema } : {}),
      ...(op.ir.annotations !== undefined ? { annotations: op.ir.annotations } : {}),
      invoke: portableInvoke(op.ir.invoke, outDir, plan, op.ir.name),
      ...(op.ir.group !== undefined ? { group: op.ir.group } : {}),
      ...optionalHints(operationSearchHints(plan, op)),
      schemaHash: canonical.hash({ input: op.ir.inputSchema, output: op.ir.outputSchema ?? null }),
    }),
  );
  return {
    id: unit.id,
    kind: connection.kind,
    name: unit.name,
    description: unit.description,
    tags: unit.tags,
    exposure: unit.exposure,
    ...(unit.exposureDefaulted ? { exposureDefaulted: true as const } : {}),
    shadowing: unit.shadowing,
    ...(unit.useWhen !== undefined ? { useWhen: unit.useWhen } : {}),
    ...(unit.avoidWhen !== undefined ? { avoidWhen: unit.avoidWhen } : {}),
    ...(unit.catalog !== undefined
      ? { catalog: portableCatalog(unit.catalog as UnitCatalog, unit.baseDir, outDir) }
      : {}),
    ...(unit.parent !== undefined ? { parent: unit.parent } : {}),
    ...extras(plan),
    ...(unit.runtime !== undefined ? { runtime: unit.runtime as UnitRuntimeNeeds } : {}),
    ...(unit.projectBinding?.required === true ? { projectBinding: { required: true as const } } : {}),
    ...(unit.confirm !== undefined ? { confirm: unit.confirm } : {}),
    ...(unit.audit !== undefined ? { audit: unit.audit } : {}),
    connection: portableConnection(plan, outDir),
    operations,
    sourceHash,
  };
}

/** The manifest of a bundle written to `outDir`. */
export function buildManifest(
  units: readonly UnitPlan[],
  settings: ResolvedSettings,
  outDir: string,
): Manifest {
  return {
    format: MANIFEST_FORMAT,
    generator: "unitc",
    settings: { ...settings.bundleSearchLimits },
    units: units.map((u) => manifestUnit(u, outDir)),
  };
}
