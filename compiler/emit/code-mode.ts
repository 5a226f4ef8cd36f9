/**
 * Code Mode declarations, in the bundle's `.code-mode/` folder (a dot folder, so an application's
 * tsconfig never takes them in): `units/<id>.d.ts` per unit (shown to agents one unit at a time; it
 * makes the unit's `units/<id>/types.ts` a global namespace), `units.d.ts` declaring the global
 * `units` the sandbox provides, `console.d.ts`,
 * and the `tsconfig.json` Code Mode scripts extend to be type-checked by tsc.
 */
import { posix } from "node:path";
import {
  CODE_MODE_DIR,
  consoleDeclaration,
  DECLARATION_FILE,
  unitDeclarationPath,
} from "../../runtime/sandbox/declarations/declarations.js";
import { linkedDeclaration } from "../../runtime/sandbox/declarations/spec-types-link.js";
import { unitsGlobalDeclaration } from "../../runtime/sandbox/declarations/units-global.js";
import { readTemplate } from "../../runtime/shared/templates.js";
import { generatedHeader, generatorLine } from "./client-module.js";
import { docComment, propertyKey, stringLiteral } from "./literal.js";
import { usesSpecTypes } from "./operation-types.js";
import type { UnitPlan } from "./plan.js";

/** Names the sandbox's `units` global defines itself; a unit cannot take them. */
export const CODE_MODE_BUILTINS = new Set(["search", "describe"]);

/**
 * The declaration of one unit: its `types.ts` (its types and its client's methods, written once for
 * the unit's client and for Code Mode) made the global namespace `Units.<unit>`. The runtime puts
 * the parts back into one namespace for its own check (`spec-types-link.ts`).
 */
function unitNamespace(unit: UnitPlan): string {
  const module = usesSpecTypes(unit) ? unit.ir.typesModule : undefined;
  return linkedDeclaration(unit.id, unit.ident, module ? generatorLine(module) : undefined);
}

/** The path of a unit's declaration in the bundle. */
export function unitDeclarationFile(unit: UnitPlan): string {
  return posix.join(CODE_MODE_DIR, unitDeclarationPath(unit.id));
}

/** `.code-mode/units/<id>.d.ts`. */
export function emitUnitDeclaration(unit: UnitPlan): string {
  return `${generatedHeader()}\n${unitNamespace(unit)}`;
}

/**
 * \`.code-mode/units.d.ts\`: the \`units\` global, referencing each Code Mode unit's declaration (the
 * runtime inlines them when it shows the whole API to an agent).
 */
function emitCodeModeDeclaration(units: readonly UnitPlan[]): string {
  const references = units
    .map((u) => `/// <reference path=${stringLiteral(unitDeclarationPath(u.id))} />\n`)
    .join("");
  const members = units
    .map(
      (u) =>
        `${docComment(u.ir.unit.description || u.ir.unit.name, "  ")}  readonly ${propertyKey(u.id)}: Units.${u.ident}.Client;\n`,
    )
    .join("");
  return `${generatedHeader()}${references}${unitsGlobalDeclaration(members)}`;
}

/**
 * `.code-mode/tsconfig.json`: the sandbox as tsc sees it, with the options of the runtime's own check
 * (`runtime/sandbox/check/checker-setup.ts`): ES2023 and nothing of Node or the DOM, JavaScript welcome. Every
 * script is a module, so top-level `await` type-checks and scripts in one folder do not share names.
 * Its text is `templates/code-mode/tsconfig.json`, under the generated-file header.
 */
function emitTsconfig(): string {
  return `${generatedHeader()}${readTemplate("code-mode/tsconfig.json")}`;
}

/** Every bundle-wide file of `.code-mode/`, for the units exposed to Code Mode. */
export function emitCodeModeFiles(units: readonly UnitPlan[]): Array<[string, string]> {
  return [
    [`${CODE_MODE_DIR}/console.d.ts`, `${generatedHeader()}${consoleDeclaration()}`],
    [`${CODE_MODE_DIR}/tsconfig.json`, emitTsconfig()],
    [DECLARATION_FILE, emitCodeModeDeclaration(units)],
  ];
}
