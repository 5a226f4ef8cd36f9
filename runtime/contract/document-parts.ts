/**
 * GraphQL documents whole again: a format 5 manifest stores once the text a unit's documents repeat
 * (a type's selection under every field that returns it) in `unit.documentParts`, and writes `%<n>`
 * where part n stood, in a document or in a larger part (`compiler/emit/document-parts.ts` writes
 * them). `%` is no GraphQL token, and a unit whose documents hold one is written without parts.
 */
import { UnitError } from "./errors.js";
import type { ManifestOperation, ManifestUnit } from "./manifest-types.js";

/** Where a part stood: `%` and its index. */
export const PART_REF = /%(\d+)/g;

function invalid(unitId: string, why: string): never {
  throw new UnitError("MANIFEST_INVALID", `unit ${unitId}: ${why}`, {
    hint: "recompile with the unitc version that serves it",
  });
}

/**
 * Each part with the parts it refers to put back. A part refers only to parts after it (they are
 * written longest first), so reading from the last one back needs no recursion and cannot loop.
 */
function wholeParts(parts: readonly unknown[], unitId: string): string[] {
  const whole: string[] = new Array(parts.length);
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    if (typeof part !== "string") invalid(unitId, `document part ${i} is not text`);
    whole[i] = part.replace(PART_REF, (_ref, n: string) => {
      const j = Number(n);
      if (j <= i || j >= parts.length) invalid(unitId, `document part ${i} refers to part ${n}`);
      return whole[j] as string;
    });
  }
  return whole;
}

/** A unit of a format 5 manifest with its documents whole and no `documentParts` (the unit as compiled). */
export function withWholeDocuments(unit: ManifestUnit): ManifestUnit {
  const { documentParts, ...rest } = unit;
  if (documentParts === undefined) return unit;
  if (!Array.isArray(documentParts)) invalid(unit.id, "documentParts is not a list");
  const parts = wholeParts(documentParts, unit.id);
  const whole = (document: string) =>
    document.replace(PART_REF, (_ref, n: string) => {
      const part = parts[Number(n)];
      return part ?? invalid(unit.id, `a document refers to part ${n}, which is not there`);
    });
  const operations = unit.operations.map((op): ManifestOperation => {
    const invoke = op.invoke as unknown as Record<string, unknown>;
    if (typeof invoke?.document !== "string" || !invoke.document.includes("%")) return op;
    return { ...op, invoke: { ...invoke, document: whole(invoke.document) } as never };
  });
  return { ...rest, operations };
}
