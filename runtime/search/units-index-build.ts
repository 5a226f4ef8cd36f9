/** Makes `units-index.json` (see `units-index.ts`): at compile time, and from a manifest when it is stale. */
import type { Exposure, Manifest } from "../contract/manifest.js";
import { operationSignature, type SignatureOperation } from "../contract/signature.js";
import { summarize } from "./index.js";
import { UNITS_INDEX_FORMAT, type UnitsIndex, type UnitsSummary } from "./units-index.js";

/** What the summary is built from (a manifest as written, or as read). */
export interface SummarisedManifest {
  settings: Manifest["settings"];
  units: ReadonlyArray<{
    id: string;
    kind: string;
    name: string;
    description: string;
    exposure: Exposure;
    operations: ReadonlyArray<SignatureOperation & { name: string; description: string }>;
  }>;
}

type SummarisedUnit = SummarisedManifest["units"][number];

/** The summary's head, and each unit's own fields plus what `extra` adds of its operations (pure). */
function summaryWith<T>(
  manifest: SummarisedManifest,
  manifestBytes: number,
  extra: (unit: SummarisedUnit) => T,
) {
  return {
    format: UNITS_INDEX_FORMAT as typeof UNITS_INDEX_FORMAT,
    manifestBytes,
    settings: manifest.settings,
    units: manifest.units.map((unit) => ({
      id: unit.id,
      kind: unit.kind,
      name: unit.name,
      description: unit.description,
      exposure: unit.exposure,
      ...extra(unit),
    })),
  };
}

/** The summary of `manifest`, whose file is `manifestBytes` long (pure). */
export function buildUnitsIndex(manifest: SummarisedManifest, manifestBytes: number): UnitsIndex {
  return summaryWith(manifest, manifestBytes, (unit) => ({
    operations: unit.operations.map((op) => ({
      name: op.name,
      tsName: op.tsName,
      summary: summarize(op.description),
      signature: operationSignature(op),
    })),
  }));
}

/**
 * The summary of `manifest` as `units-index.json` holds it, operations counted only (their
 * summaries and signatures are the search index's), whose file is `manifestBytes` long (pure).
 */
export function unitsSummary(manifest: SummarisedManifest, manifestBytes: number): UnitsSummary {
  return summaryWith(manifest, manifestBytes, (unit) => ({ operationCount: unit.operations.length }));
}

/**
 * The text of `units-index.json` for the text of `manifest.json` (one unit a line): operations are
 * counted only, since the search index written beside it lists them.
 */
export function unitsIndexFile(manifestText: string): string {
  const manifest = JSON.parse(manifestText) as SummarisedManifest;
  const { units, ...head } = unitsSummary(manifest, Buffer.byteLength(manifestText));
  const lines = units.map((unit) => JSON.stringify(unit));
  const body = lines.length === 0 ? "[]" : `[\n    ${lines.join(",\n    ")}\n  ]`;
  const fields = Object.entries(head).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{\n${[...fields, `  "units": ${body}`].join(",\n")}\n}\n`;
}
