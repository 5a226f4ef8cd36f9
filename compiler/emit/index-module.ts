/** The top-level `index.ts`: `createUnits()` binds every unit's client to one in-process runtime. */
import { GENERATED_HEADER } from "./client-module.js";
import { docComment, objectKey, propertyKey, stringLiteral } from "./literal.js";
import type { UnitPlan } from "./plan.js";

/** `index.ts` of a compiled bundle. */
export function emitIndexModule(units: readonly UnitPlan[]): string {
  const imports = units
    .map((u) => {
      const from = stringLiteral(`./units/${u.id}/index.js`);
      return `import { create${u.clientName}, type ${u.clientName} } from ${from};\n`;
    })
    .join("");
  const reexports = units
    .map((u) => `export type { ${u.clientName} } from ${stringLiteral(`./units/${u.id}/index.js`)};\n`)
    .join("");
  const members = units
    .map(
      (u) =>
        `${docComment(u.ir.unit.description || u.ir.unit.name, "  ")}  readonly ${propertyKey(u.id)}: ${u.clientName};\n`,
    )
    .join("");
  const bindings = units.map((u) => `    ${objectKey(u.id)}: create${u.clientName}(runtime),\n`).join("");
  return (
    `${GENERATED_HEADER}import { createRuntime, type RuntimeOptions, type UnitRuntime } from "unitc/runtime";\n` +
    `${imports}\n${reexports}${reexports ? "\n" : ""}` +
    `/** Every unit of this bundle, typed. \`$runtime\` is the runtime they share. */\n` +
    `export interface Units {\n  readonly $runtime: UnitRuntime;\n${members}}\n\n` +
    `/** Options of {@link createUnits}: everything but the manifest, which lies beside this file. */\n` +
    `export type CreateUnitsOptions = Omit<RuntimeOptions, "manifest" | "manifestPath">;\n\n` +
    `/** Loads \`manifest.json\` beside this module and returns the typed units bound to it. */\n` +
    `export function createUnits(options: CreateUnitsOptions = {}): Units {\n` +
    `  const runtime = createRuntime({ ...options, manifestPath: new URL("./manifest.json", import.meta.url) });\n` +
    `  return {\n    $runtime: runtime,\n${bindings}  };\n}\n`
  );
}
