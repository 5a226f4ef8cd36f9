/**
 * The emit stage (pure): IR → the files of a bundle, as a map from relative path to text. Output is
 * deterministic: stable order, no timestamps, no absolute paths but those the author wrote, nothing
 * from a unit's Markdown body.
 */

import { hasCodeMode, type Manifest, withDerivedFields } from "../../runtime/contract/manifest.js";
import { MANIFEST_OFFSETS_FILE } from "../../runtime/contract/manifest-slice.js";
import { describeFiles } from "../../runtime/sandbox/declarations/describe-file.js";
import { searchIndexFile } from "../../runtime/search/index.js";
import { unitsIndexFile } from "../../runtime/search/units-index-build.js";
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import type { UnitIR } from "../discover/shared/types.js";
import type { ResolvedSettings } from "../resolve/types.js";
import { emitClientModule, emitSpecTypesModule, emitTypesModule, SPEC_TYPES_FILE } from "./client-module.js";
import {
  CODE_MODE_BUILTINS,
  emitCodeModeFiles,
  emitUnitDeclaration,
  unitDeclarationFile,
} from "./code-mode.js";
import { confirmNameDiagnostics } from "./confirm-names.js";
import { emitIndexModule, emitPackageJson } from "./index-module.js";
import { buildManifest } from "./manifest.js";
import { manifestText } from "./manifest-compact.js";
import { manifestOffsetsFile } from "./manifest-offsets.js";
import { withRepeatsInline } from "./manifest-repeats.js";
import { planUnits, type UnitPlan } from "./plan.js";
import { searchHintDiagnostics } from "./search-hints.js";

export interface EmitOptions {
  /** Absolute output folder; only used to make paths in the manifest relative to it. */
  outDir: string;
  /** The output folder relative to its project's root (see bundle-folder.ts), recorded in `index.ts`. */
  bundleFolder?: string;
  /** The files of units emitted before (watch mode): a unit whose IR object and names are unchanged is not emitted again. */
  memo?: EmitMemo;
}

/** Per unit IR, the names it was emitted under and its files. */
export type EmitMemo = WeakMap<UnitIR, { names: string; files: Array<[string, string]> }>;

/** The files of one unit: under `units/<id>/`, and its Code Mode declaration. */
function unitFiles(plan: UnitPlan): Array<[string, string]> {
  const dir = `units/${plan.id}`;
  const files: Array<[string, string]> = [[`${dir}/types.ts`, emitTypesModule(plan)]];
  const specTypes = plan.ir.typesModule;
  if (specTypes) files.push([`${dir}/${SPEC_TYPES_FILE}`, emitSpecTypesModule(plan, specTypes)]);
  files.push(
    [`${dir}/index.ts`, emitClientModule(plan)],
    [unitDeclarationFile(plan), emitUnitDeclaration(plan)],
  );
  if (!inCodeMode(plan)) return files;
  // Each operation's `units.describe` text, cut once here from the files above (see describe-file.ts).
  const emitted = new Map(files);
  const tsNames = plan.operations.map((op) => op.tsName);
  return [...files, ...describeFiles(plan.id, (path) => emitted.get(path), tsNames)];
}

/** Whether a unit is declared in Code Mode (a unit named like a built-in is left out, with a warning). */
function inCodeMode(plan: UnitPlan): boolean {
  return hasCodeMode(plan.ir.unit.exposure) && !CODE_MODE_BUILTINS.has(plan.id);
}

/** {@link unitFiles}, from the memo when the unit's IR and names are the ones it was emitted with. */
function memoisedUnitFiles(plan: UnitPlan, memo: EmitMemo | undefined): Array<[string, string]> {
  if (!memo) return unitFiles(plan);
  const names = `${plan.ident}\0${plan.clientName}`;
  const known = memo.get(plan.ir);
  if (known?.names === names) return known.files;
  const files = unitFiles(plan);
  memo.set(plan.ir, { names, files });
  return files;
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
    for (const [path, text] of memoisedUnitFiles(plan, options.memo)) files.set(path, text);
  }
  const codeMode = plans.filter((plan) => {
    if (inCodeMode(plan)) return true;
    if (!hasCodeMode(plan.ir.unit.exposure)) return false;
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
  diagnostics.push(...confirmNameDiagnostics(plans));
  diagnostics.push(...searchHintDiagnostics(plans));
  for (const [path, text] of emitCodeModeFiles(codeMode)) files.set(path, text);
  files.set("index.ts", emitIndexModule(plans, options.bundleFolder));
  files.set("package.json", emitPackageJson());
  const manifest = manifestText(buildManifest(plans, settings, options.outDir));
  files.set("manifest.json", manifest);
  const searchable = withRepeatsInline(withDerivedFields(JSON.parse(manifest) as Manifest));
  files.set("search-index.json", searchIndexFile(searchable));
  files.set("units-index.json", unitsIndexFile(manifest));
  const offsets = manifestOffsetsFile(manifest);
  if (offsets !== undefined) files.set(MANIFEST_OFFSETS_FILE, offsets);
  return { files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), diagnostics };
}
