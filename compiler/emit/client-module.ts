/**
 * `units/<id>/types.ts`, `units/<id>/index.ts` and, for a unit whose types an external generator
 * wrote, `units/<id>/spec-types.ts`: the typed client of one unit. `types.ts` holds the types and the
 * client's methods with their comments once; the client in `index.ts` and the unit's Code Mode
 * declaration both refer to it (GitHub's REST API: 1.2 MB written twice before).
 */
import { readTemplate } from "../../runtime/shared/templates.js";
import type { TypesModule } from "../discover/shared/types.js";
import { docComment, objectKey, stringLiteral } from "./literal.js";
import { methodSignature, operationTypes, usesSpecTypes } from "./operation-types.js";
import type { UnitPlan } from "./plan.js";

/** The first line of every generated TypeScript file: `templates/file-header.txt`. */
export function generatedHeader(): string {
  return readTemplate("file-header.txt");
}

/** The unit's name and description, the comment of its client interface. */
export function unitDoc(unit: UnitPlan): string {
  const { name, description } = unit.ir.unit;
  return description ? `${name}: ${description}` : name;
}

/**
 * The name `index.ts` gives `types.ts`: one namespace import instead of a list naming every
 * operation's two types (GitHub's REST client: 0.1 MB of names).
 */
const TYPES = "T";

/** The file the generator's types are written to, beside `types.ts`. */
export const SPEC_TYPES_FILE = "spec-types.ts";

/** The interface `types.ts` declares the client's methods in, as Code Mode names it (`Units.<unit>.Client`). */
export const CLIENT_INTERFACE = "Client";

/** `units/<id>/types.ts`: the input and output types of every operation, and the client's methods. */
export function emitTypesModule(unit: UnitPlan): string {
  const types = operationTypes(unit, "export ");
  const methods = unit.operations.map((op) => methodSignature(op, "  ")).join("");
  const imports = usesSpecTypes(unit) ? `import type * as $types from "./spec-types.ts";\n\n` : "";
  return (
    `${generatedHeader()}// Unit ${stringLiteral(unit.id)}: input and output types.\n\n${imports}` +
    `${types}${types ? "\n" : ""}${docComment(unitDoc(unit))}export interface ${CLIENT_INTERFACE} {\n${methods}}\n`
  );
}

/** A generator's name on one comment line: nothing in it can end the line early. */
export function generatorLine(module: TypesModule): string {
  return module.generator.replace(/[\r\n\u2028\u2029]+/g, " ");
}

/** `units/<id>/spec-types.ts`: the types the unit's generator wrote, as it wrote them. */
export function emitSpecTypesModule(unit: UnitPlan, module: TypesModule): string {
  const text = module.text.endsWith("\n") ? module.text : `${module.text}\n`;
  return (
    `${generatedHeader()}// Unit ${stringLiteral(unit.id)}: types written by ${generatorLine(module)}.\n\n` +
    text
  );
}

/**
 * `units/<id>/index.ts`: the client interface and its factory over a runtime. The factory binds every
 * method from one table of method and operation names: a function written per operation was most of
 * the file (GitHub's REST client: 0.22 MB), and `types.ts` already says each method's types.
 */
export function emitClientModule(unit: UnitPlan): string {
  const imports = `import type * as ${TYPES} from "./types.ts";\n`;
  const table = unit.operations
    .map((op) => `  ${objectKey(op.tsName)}: ${stringLiteral(op.ir.name)},\n`)
    .join("");
  const id = stringLiteral(unit.id).replace(/\*\//g, "*\\/");
  return (
    `${generatedHeader()}import type { UnitRuntime } from "unitc/runtime";\n${imports}\n` +
    `/** The ID of this unit. */\nexport const unitId = ${stringLiteral(unit.id)};\n\n` +
    `${docComment(unitDoc(unit))}export interface ${unit.clientName} extends ${TYPES}.${CLIENT_INTERFACE} {}\n\n` +
    `/** Each method of the client, and the operation of unit ${id} it calls. */\n` +
    `const operations: Record<string, string> = {\n${table}};\n\n` +
    `/** Binds the operations of unit ${id} to a runtime. */\n` +
    `export function create${unit.clientName}(runtime: UnitRuntime): ${unit.clientName} {\n` +
    // fromEntries, not assignment: a method named `__proto__` stays an own property.
    `  const methods = Object.entries(operations).map(([method, name]) => [\n` +
    `    method,\n    (input?: unknown) => runtime.call(unitId, name, input),\n  ]);\n` +
    `  return Object.fromEntries(methods) as ${unit.clientName};\n}\n`
  );
}
