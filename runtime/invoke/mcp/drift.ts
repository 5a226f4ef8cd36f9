/**
 * Drift: a downstream MCP server whose tools no longer match what the bundle was compiled against.
 * Each compiled operation pins a schema hash and a description; a tool whose current listing
 * differs (or that is gone) is withheld until the bundle is recompiled. The live listing is kept
 * the way the compiler kept it (`listed-tool.ts`, with the unit's secrets), and of two tools with
 * one name the first counts, as it did at build time.
 */
import type { ManifestOperation, ManifestUnit } from "../../contract/manifest.js";
import { keepListedTool } from "./listed-tool.js";
import { type ListedTool, toolDescription, toolSchemaHash } from "./tool-schema.js";

export type DriftChange = "schema" | "description" | "schema and description" | "removed";

/** One compiled operation whose tool changed. */
export interface ToolDrift {
  operation: string;
  change: DriftChange;
}

function toolOf(operation: ManifestOperation): string | undefined {
  const invoke = operation.invoke as { kind: string; tool?: unknown };
  return invoke.kind === "mcp" && typeof invoke.tool === "string" ? invoke.tool : undefined;
}

/** The first tool of each name. */
function firstByName(tools: readonly ListedTool[]): Map<string, ListedTool> {
  const byName = new Map<string, ListedTool>();
  for (const tool of tools) if (!byName.has(tool.name)) byName.set(tool.name, tool);
  return byName;
}

/**
 * Compares the tools a server lists now with the unit's compiled operations; `secrets` are the
 * unit's resolved secret values. A tool now withheld (`listed-tool.ts`) counts as a schema change.
 */
export function detectDrift(
  unit: ManifestUnit,
  tools: readonly ListedTool[],
  secrets: readonly string[],
): ToolDrift[] {
  const byName = firstByName(tools);
  const drift: ToolDrift[] = [];
  for (const operation of unit.operations) {
    const name = toolOf(operation);
    if (name === undefined) continue;
    const listed = byName.get(name);
    if (!listed) {
      drift.push({ operation: operation.name, change: "removed" });
      continue;
    }
    const kept = keepListedTool(listed, secrets);
    if (!("tool" in kept)) {
      drift.push({ operation: operation.name, change: "schema" });
      continue;
    }
    const tool = kept.tool;
    const schema = toolSchemaHash(tool) !== operation.schemaHash;
    const description = toolDescription(tool) !== operation.description;
    if (schema || description) {
      const change = schema && description ? "schema and description" : schema ? "schema" : "description";
      drift.push({ operation: operation.name, change });
    }
  }
  return drift;
}

/** One line naming what changed, for events and errors. */
export function describeDrift(unitId: string, drift: readonly ToolDrift[]): string {
  const parts = drift.map((d) =>
    d.change === "removed" ? `${d.operation} (removed)` : `${d.operation} (${d.change} changed)`,
  );
  return `MCP server of unit ${unitId} changed since the bundle was compiled: ${parts.join(", ")}`;
}
