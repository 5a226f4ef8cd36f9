/**
 * Drift: a downstream MCP server whose tools no longer match what the bundle was compiled against.
 * Each compiled operation pins a schema hash and a description; a tool whose current listing
 * differs (or that is gone) is withheld until the bundle is recompiled.
 */
import type { ManifestOperation, ManifestUnit } from "../manifest.js";
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

/** Compares the tools a server lists now with the unit's compiled operations. */
export function detectDrift(unit: ManifestUnit, tools: readonly ListedTool[]): ToolDrift[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const drift: ToolDrift[] = [];
  for (const operation of unit.operations) {
    const name = toolOf(operation);
    if (name === undefined) continue;
    const tool = byName.get(name);
    if (!tool) {
      drift.push({ operation: operation.name, change: "removed" });
      continue;
    }
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
