/**
 * `unitc inspect <unit>[.<op>]`: what `units.describe` shows in Code Mode (the unit's declaration, or
 * one operation's with the types it uses), after each operation's call signature and description.
 */
import { dirname } from "node:path";
import { defineCommand } from "citty";
import { confirmReason } from "../../runtime/contract/confirm.js";
import type { ManifestOperation, ManifestUnit } from "../../runtime/contract/manifest.js";
import { operationSignature, unitAccessor } from "../../runtime/contract/signature.js";
import { describeDeclaration, loadDeclarations } from "../../runtime/sandbox/declarations/declarations.js";
import { describedFromFiles } from "../../runtime/sandbox/declarations/describe-file.js";
import { manifestArg, openBundle, openOperation } from "../bundle.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { jsonArg } from "../output-format.js";
import { findTarget } from "../target.js";

/** Why serving asks the person before calling `op` (the unit's own `confirm`), if it does. */
function confirmOf(unit: ManifestUnit, op: ManifestOperation): string | undefined {
  return unit.confirm === undefined ? undefined : confirmReason(unit.id, op, unit.confirm, undefined);
}

/** The unit's operations serving confirms, by TS name (none without a `confirm`). */
function confirmedOps(unit: ManifestUnit): string[] {
  return unit.operations.filter((op) => confirmOf(unit, op) !== undefined).map((op) => op.tsName);
}

function operationText(unit: ManifestUnit, op: ManifestOperation): string {
  const lines = [`${unitAccessor(unit.id)}.${operationSignature(op)}`];
  const confirm = confirmOf(unit, op);
  if (confirm) lines.push(`unitc serve asks the person before each call: ${confirm}`);
  if (op.description) lines.push("", op.description.trim());
  lines.push("", `input schema: ${JSON.stringify(op.inputSchema)}`);
  if (op.outputSchema !== undefined) lines.push(`output schema: ${JSON.stringify(op.outputSchema)}`);
  return lines.join("\n");
}

function unitText(unit: ManifestUnit): string {
  const head = [`${unit.id} (${unit.kind}, ${unit.exposure}): ${unit.name}`];
  if (unit.description) head.push(unit.description.trim());
  const ops = unit.operations.map((op) => `  ${unitAccessor(unit.id)}.${operationSignature(op)}`);
  if (unit.confirm !== undefined) {
    const confirmed = confirmedOps(unit);
    head.push(`unitc serve asks the person before calling: ${confirmed.join(", ") || "none of them"}`);
  }
  return [...head, "", `${unit.operations.length} operation(s):`, ...ops].join("\n");
}

/** What `--json` prints: the unit or the operation, with the declaration the text shows. */
function shownJson(unit: ManifestUnit, op: ManifestOperation | undefined, declaration: string | undefined) {
  const declared = declaration === undefined ? {} : { declaration: declaration.trim() };
  if (!op) {
    const { id, kind, exposure, name, description } = unit;
    const operations = unit.operations.map((o) => ({
      name: o.tsName,
      signature: `${unitAccessor(unit.id)}.${operationSignature(o)}`,
    }));
    const confirm = unit.confirm === undefined ? {} : { confirm: confirmedOps(unit) };
    return {
      id,
      kind,
      exposure,
      name,
      ...(description ? { description } : {}),
      ...confirm,
      operations,
      ...declared,
    };
  }
  return {
    unit: unit.id,
    operation: op.tsName,
    signature: `${unitAccessor(unit.id)}.${operationSignature(op)}`,
    ...(op.description ? { description: op.description.trim() } : {}),
    ...(confirmOf(unit, op) ? { confirm: confirmOf(unit, op) } : {}),
    inputSchema: op.inputSchema,
    ...(op.outputSchema !== undefined ? { outputSchema: op.outputSchema } : {}),
    ...declared,
  };
}

export function inspectCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "inspect", description: "Show a unit or an operation: signature, description, types" },
    args: {
      target: {
        type: "positional",
        required: true,
        description: "A unit, or unit.operation",
        valueHint: "UNIT[.OP]",
      },
      ...manifestArg,
      ...jsonArg,
    },
    run({ args }) {
      // One operation: its part of the manifest and its recorded describe text, when the bundle has them.
      const sliced = openOperation(io, args.manifest, args.target);
      const bundle = sliced ?? openBundle(io, "inspect", args.manifest, setExit);
      if (!bundle) return;
      const found = sliced ?? findTarget(io, "inspect", bundle.runtime, args.target);
      if (!found) {
        setExit(EXIT_ERRORS);
        return;
      }
      const { unit, operation } = found;
      const bundleDir = dirname(bundle.path);
      const recorded = operation && describedFromFiles(bundleDir, unit, operation.tsName);
      const declaration = recorded
        ? recorded.text
        : describeDeclaration(loadDeclarations(bundleDir), unit, operation?.tsName);
      if (args.json) {
        io.stdout(`${JSON.stringify(shownJson(unit, operation, declaration || undefined), null, 2)}\n`);
        return setExit(EXIT_OK);
      }
      const text = operation ? operationText(unit, operation) : unitText(unit);
      io.stdout(`${text}\n${declaration ? `\n${declaration.trim()}\n` : ""}`);
      setExit(EXIT_OK);
    },
  });
}
