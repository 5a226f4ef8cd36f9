/** `manifest.json`: the runtime's view of the bundle. Secrets stay references; paths are relative. */
import { isAbsolute, relative, sep } from "node:path";
import {
  type Invoke,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestOperation,
  type ManifestUnit,
} from "../../runtime/manifest.js";
import { contentHash } from "../canonical.js";
import type { ResolvedSettings } from "../resolve/types.js";
import type { UnitPlan } from "./plan.js";

/** A CLI `cwd` relative to the output folder, with `/` separators, so the bundle can move. */
function portableInvoke(invoke: Invoke, outDir: string): Invoke {
  if (invoke.kind !== "cli" || typeof invoke.cwd !== "string" || !isAbsolute(invoke.cwd)) return invoke;
  const cwd = relative(outDir, invoke.cwd).split(sep).join("/") || ".";
  return { ...invoke, cwd };
}

function manifestUnit(plan: UnitPlan, outDir: string): ManifestUnit {
  const { unit, connection, sourceHash } = plan.ir;
  const operations = plan.operations.map((op): ManifestOperation => {
    const entry: ManifestOperation = {
      name: op.ir.name,
      tsName: op.tsName,
      description: op.ir.description,
      inputSchema: op.ir.inputSchema,
      invoke: portableInvoke(op.ir.invoke, outDir),
      schemaHash: contentHash({ input: op.ir.inputSchema, output: op.ir.outputSchema ?? null }),
    };
    if (op.ir.outputSchema !== undefined) entry.outputSchema = op.ir.outputSchema;
    if (op.ir.annotations !== undefined) entry.annotations = op.ir.annotations;
    return entry;
  });
  const entry: ManifestUnit = {
    id: unit.id,
    kind: connection.kind,
    name: unit.name,
    description: unit.description,
    tags: unit.tags,
    exposure: unit.exposure,
    shadowing: unit.shadowing,
    connection,
    operations,
    sourceHash,
  };
  if (unit.useWhen !== undefined) entry.useWhen = unit.useWhen;
  if (unit.avoidWhen !== undefined) entry.avoidWhen = unit.avoidWhen;
  if (unit.parent !== undefined) entry.parent = unit.parent;
  return entry;
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
