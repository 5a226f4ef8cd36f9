/**
 * The top-level `index.ts`: `createUnits()` binds every unit's client to one in-process runtime.
 * Generated modules import each other by their `.ts` names and use only erasable syntax, so Node's
 * type stripping and tsx run them as they are; tsc with `rewriteRelativeImportExtensions` builds them,
 * into another folder too: the index imports the bundle's `package.json`, which tsc then copies
 * beside the built modules, and finds the manifest of the bundle it was built from.
 */
import { readTemplate } from "../../runtime/shared/templates.js";
import { generatedHeader } from "./client-module.js";
import { docComment, objectKey, propertyKey, stringLiteral } from "./literal.js";
import type { UnitPlan } from "./plan.js";

/**
 * The bundle's `package.json` (`templates/bundle/package.json`): its modules are ES modules whatever
 * the project's own `type`, so a CommonJS project compiles them too (tsc's `nodenext` takes a file's
 * format from the nearest `package.json`) and requires them (Node 22.12 and later load ES modules
 * with `require`).
 */
export function emitPackageJson(): string {
  return readTemplate("bundle/package.json");
}

/** `index.ts` of a compiled bundle; `bundleFolder` is its folder relative to its project's root. */
export function emitIndexModule(units: readonly UnitPlan[], bundleFolder?: string): string {
  const located = bundleFolder === undefined ? "" : `, ${stringLiteral(bundleFolder)}`;
  const imports = units
    .map((u) => {
      const from = stringLiteral(`./units/${u.id}/index.ts`);
      return `import { create${u.clientName}, type ${u.clientName} } from ${from};\n`;
    })
    .join("");
  const reexports = units
    .map((u) => `export type { ${u.clientName} } from ${stringLiteral(`./units/${u.id}/index.ts`)};\n`)
    .join("");
  const members = units
    .map(
      (u) =>
        `${docComment(u.ir.unit.description || u.ir.unit.name, "  ")}  readonly ${propertyKey(u.id)}: ${u.clientName};\n`,
    )
    .join("");
  const bindings = units.map((u) => `    ${objectKey(u.id)}: create${u.clientName}(runtime),\n`).join("");
  return (
    generatedHeader() +
    `import { bundleManifestPath, createRuntime, type RuntimeOptions, type UnitRuntime } from "unitc/runtime";\n` +
    `// tsc copies an imported JSON file into its outDir: this one keeps the built modules ES modules.\n` +
    `import "./package.json" with { type: "json" };\n` +
    `${imports}\n${reexports}${reexports ? "\n" : ""}` +
    `/** Every unit of this bundle, typed. \`$runtime\` is the runtime they share. */\n` +
    `export interface Units {\n  readonly $runtime: UnitRuntime;\n${members}}\n\n` +
    `/**\n * Options of {@link createUnits}; \`manifestPath\` defaults to \`manifest.json\` beside this module or,\n` +
    ` * built into another folder, to that of the bundle it was built from.\n */\n` +
    `export type CreateUnitsOptions = Omit<RuntimeOptions, "manifest">;\n\n` +
    `/** Loads the bundle's manifest and returns the typed units bound to it. */\n` +
    `export function createUnits(options: CreateUnitsOptions = {}): Units {\n` +
    `  const manifestPath = options.manifestPath ?? bundleManifestPath(import.meta.url${located});\n` +
    `  const runtime = createRuntime({ ...options, manifestPath });\n` +
    `  return {\n    $runtime: runtime,\n${bindings}  };\n}\n`
  );
}
