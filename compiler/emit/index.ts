/**
 * The emit stage (pure): IR → the files of a bundle, as a map from relative path to text. Output is
 * deterministic: stable order, no timestamps, no absolute paths but those the author wrote, nothing
 * from a unit's Markdown body.
 */

import { hasCodeMode } from "../../runtime/manifest.js";
import { searchIndexFile } from "../../runtime/search.js";
import { createDiagnostic, type Diagnostic } from "../diagnostics.js";
import type { UnitIR } from "../discover/types.js";
import type { ResolvedSettings } from "../resolve/types.js";
import { emitClientModule, emitTypesModule } from "./client-module.js";
import { CODE_MODE_BUILTINS, emitCodeModeDeclaration, emitUnitDeclaration } from "./code-mode.js";
import { emitIndexModule } from "./index-module.js";
import { buildManifest } from "./manifest.js";
import { planUnits } from "./plan.js";

export interface EmitOptions {
  /** Absolute output folder; only used to make paths in the manifest relative to it. */
  outDir: string;
}

export interface EmitResult {
  /** Relative path (with `/`) → file text, sorted by path. */
  files: Map<string, string>;
  diagnostics: Diagnostic[];
}

/** Emits every file of a bundle. */
export function emitBundle(
  units: readonly UnitIR[],
  settings: ResolvedSettings,
  options: EmitOptions,
): EmitResult {
  const diagnostics: Diagnostic[] = [];
  const plans = planUnits(
    [...units].sort((a, b) => (a.unit.id < b.unit.id ? -1 : a.unit.id > b.unit.id ? 1 : 0)),
  );
  const files = new Map<string, string>();
  for (const plan of plans) {
    const dir = `units/${plan.id}`;
    files.set(`${dir}/types.ts`, emitTypesModule(plan));
    files.set(`${dir}/index.ts`, emitClientModule(plan));
    files.set(`${dir}/code-mode.d.ts`, emitUnitDeclaration(plan));
  }
  const codeMode = plans.filter((plan) => {
    if (!hasCodeMode(plan.ir.unit.exposure)) return false;
    if (!CODE_MODE_BUILTINS.has(plan.id)) return true;
    diagnostics.push(
      createDiagnostic(
        "warning",
        "CODE_MODE_NAME_TAKEN",
        `unit "${plan.id}" is left out of Code Mode: units.${plan.id} is a built-in there`,
        plan.ir.unit.origin,
        "rename the unit to reach it from Code Mode; its typed client and tools are unaffected",
      ),
    );
    return false;
  });
  files.set("code-mode.d.ts", emitCodeModeDeclaration(codeMode));
  files.set("index.ts", emitIndexModule(plans));
  files.set("manifest.json", `${JSON.stringify(buildManifest(plans, settings, options.outDir), null, 2)}\n`);
  files.set("search-index.json", searchIndexFile(files.get("manifest.json") as string));
  return { files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), diagnostics };
}
