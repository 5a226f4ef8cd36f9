/**
 * `manifest.json`: the runtime's view of the bundle. Secrets stay references; paths the author wrote
 * relative stay relative (to the output folder now).
 */
import { isAbsolute, relative, sep } from "node:path";
import {
  type Connection,
  type Invoke,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestOperation,
  type ManifestUnit,
} from "../../runtime/manifest.js";
import { contentHash } from "../canonical.js";
import type { ManifestExtras } from "../discover/types.js";
import type { ResolvedSettings } from "../resolve/types.js";
import type { UnitPlan } from "./plan.js";

type Data = Record<string, unknown>;

/** The `cwd` the unit file states for an action (its own, else the unit's), before discover resolved it. */
function declaredCwd(plan: UnitPlan, operation?: string): unknown {
  const backend = plan.ir.unit.backend as Data;
  const action =
    operation === undefined ? undefined : (backend.actions as Record<string, Data> | undefined)?.[operation];
  return action?.cwd ?? backend.cwd;
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

function portableInvoke(invoke: Invoke, outDir: string, declared: unknown): Invoke {
  if (invoke.kind !== "cli" || typeof invoke.cwd !== "string") return invoke;
  return { ...invoke, cwd: portableCwd(invoke.cwd, outDir, declared) };
}

/** An MCP server's `cwd` (stdio), made portable like a CLI action's. */
function portableConnection(plan: UnitPlan, outDir: string): Connection {
  const { connection } = plan.ir;
  if (connection.kind !== "mcp" || typeof connection.cwd !== "string") return connection;
  return { ...connection, cwd: portableCwd(connection.cwd, outDir, declaredCwd(plan)) };
}

/** Fields a backend adds at discovery (MCP resources and prompts, unit-set info), in manifest order. */
function extras(plan: UnitPlan): ManifestExtras {
  const { resources, resourceTemplates, prompts, unitSet } = plan.ir.manifestExtras ?? {};
  return {
    ...(resources !== undefined ? { resources } : {}),
    ...(resourceTemplates !== undefined ? { resourceTemplates } : {}),
    ...(prompts !== undefined ? { prompts } : {}),
    ...(unitSet !== undefined ? { unitSet } : {}),
  };
}

/** Optional fields are written in the order `runtime/manifest.ts` declares them, so diffs read alike. */
function manifestUnit(plan: UnitPlan, outDir: string): ManifestUnit {
  const { unit, connection, sourceHash } = plan.ir;
  const operations = plan.operations.map(
    (op): ManifestOperation => ({
      name: op.ir.name,
      tsName: op.tsName,
      description: op.ir.description,
      inputSchema: op.ir.inputSchema,
      ...(op.ir.outputSchema !== undefined ? { outputSchema: op.ir.outputSchema } : {}),
      ...(op.ir.annotations !== undefined ? { annotations: op.ir.annotations } : {}),
      invoke: portableInvoke(op.ir.invoke, outDir, declaredCwd(plan, op.ir.name)),
      schemaHash: contentHash({ input: op.ir.inputSchema, output: op.ir.outputSchema ?? null }),
    }),
  );
  return {
    id: unit.id,
    kind: connection.kind,
    name: unit.name,
    description: unit.description,
    tags: unit.tags,
    exposure: unit.exposure,
    shadowing: unit.shadowing,
    ...(unit.useWhen !== undefined ? { useWhen: unit.useWhen } : {}),
    ...(unit.avoidWhen !== undefined ? { avoidWhen: unit.avoidWhen } : {}),
    ...(unit.parent !== undefined ? { parent: unit.parent } : {}),
    ...extras(plan),
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
    settings: { defaultSearchLimit: settings.defaultSearchLimit, maxSearchLimit: settings.maxSearchLimit },
    units: units.map((u) => manifestUnit(u, outDir)),
  };
}
