/**
 * The tool table of a served catalogue: which tools `tools/list` shows, in a fixed order
 * (`search_tools`, `code_mode`, then units by ID: a progressive tool or one direct tool per
 * operation, in manifest order, each carrying its unit's icon), and what each name calls.
 */
import type { Tool } from "@modelcontextprotocol/server";
import { MAX_QUERY_LENGTH } from "../../search/query-limits.js";
import {
  type CatalogOperation,
  cleanText,
  hasCodeMode,
  hasDirect,
  hasProgressive,
  type ServedUnit,
  unitIcons,
} from "../shared/catalog.js";
import { type CodeModeUnit, codeModeTool } from "./code-mode.js";
import { CODE_MODE_TOOL, operationPart, SEARCH_TOOL, ToolNames } from "./names.js";
import { progressiveTool } from "./progressive-schema.js";

export type ToolTarget =
  | { kind: "search" }
  | { kind: "code_mode" }
  | { kind: "progressive"; unit: ServedUnit }
  | { kind: "direct"; unit: ServedUnit; operation: CatalogOperation };

export interface SearchLimits {
  defaultSearchLimit: number;
  maxSearchLimit: number;
}

export interface ToolTable {
  /** In listing order. */
  tools: Tool[];
  targets: Map<string, ToolTarget>;
  /** The direct tool of an operation, keyed by {@link operationKey}. */
  direct: Map<string, string>;
  /** The progressive tool of a unit, keyed by served unit ID. */
  progressive: Map<string, string>;
}

/** The key of an operation of a served unit in {@link ToolTable.direct}. */
export function operationKey(unitId: string, operation: string): string {
  return `${unitId}\u0000${operation}`;
}

/** MCP requires an object schema at the root of a tool's input. */
function objectSchema(schema: unknown): Record<string, unknown> {
  if (typeof schema !== "object" || schema === null) return { type: "object" };
  const s = schema as Record<string, unknown>;
  return s.type === "object" ? s : { type: "object", ...s };
}

function searchTool(units: readonly ServedUnit[], limits: SearchLimits): Tool {
  const operations = units.reduce((n, served) => n + served.unit.operations.length, 0);
  return {
    name: SEARCH_TOOL,
    description:
      `Search the operations of every unit served here (${units.length} units, ${operations} operations) ` +
      "by what they do. Each hit names its unit and operation, the tool to call when it has one, a " +
      "one-line description and a TypeScript call signature.",
    inputSchema: {
      type: "object",
      properties: {
        query: {
          type: "string",
          minLength: 1,
          maxLength: MAX_QUERY_LENGTH,
          description: "What you want to do, in a few words",
        },
        unit: { type: "string", description: "Only search this unit's operations (a unit ID)" },
        limit: {
          type: "integer",
          minimum: 1,
          description: `Most hits to return (default ${limits.defaultSearchLimit}, at most ${limits.maxSearchLimit})`,
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
    annotations: { title: "Search tools", readOnlyHint: true, openWorldHint: false },
  };
}

/**
 * Kinds whose output schema someone declared: an MCP server for its tool, a unit author for an HTTP
 * or CLI action. A schema derived from a spec (OpenAPI or discovery responses, a GraphQL selection)
 * stays in the typed client and `units.describe`: listed on every tool it would multiply what a
 * client reads (on GitHub's REST API, four times the input schemas).
 */
const DECLARED_OUTPUT_KINDS: ReadonlySet<string> = new Set(["mcp", "http", "cli"]);

/** The output schema a direct tool lists (and its results are shaped by), when it has one. */
export function listedOutputSchema(operation: CatalogOperation): Tool["outputSchema"] | undefined {
  const schema = operation.outputSchema;
  if (typeof schema !== "object" || schema === null) return undefined;
  return DECLARED_OUTPUT_KINDS.has(operation.invoke?.kind ?? "")
    ? (schema as Tool["outputSchema"])
    : undefined;
}

function directTool(name: string, served: ServedUnit, operation: CatalogOperation): Tool {
  const outputSchema = listedOutputSchema(operation);
  return {
    name,
    // Served descriptions are clean already (catalogUnit, readCatalog); the fallback is not.
    description: operation.description || cleanText(`${operation.name} of ${served.unit.name}`),
    inputSchema: objectSchema(operation.inputSchema) as Tool["inputSchema"],
    ...(outputSchema !== undefined ? { outputSchema } : {}),
    ...(operation.annotations ? { annotations: operation.annotations } : {}),
    ...unitIcons(served.unit),
  };
}

/** Builds the tool table of `units` (sorted by served ID). */
export function buildToolTable(units: readonly ServedUnit[], limits: SearchLimits): ToolTable {
  const names = new ToolNames();
  const table: ToolTable = { tools: [], targets: new Map(), direct: new Map(), progressive: new Map() };
  table.tools.push(searchTool(units, limits));
  table.targets.set(SEARCH_TOOL, { kind: "search" });
  const codeMode = units.filter((served) => hasCodeMode(served.unit.exposure));
  if (codeMode.length > 0) {
    // The sandbox reaches every unit served here, the user's and an upstream's too, by served ID.
    table.tools.push(
      codeModeTool(codeMode.map((served) => ({ ...served.unit, id: served.id }) as unknown as CodeModeUnit)),
    );
    table.targets.set(CODE_MODE_TOOL, { kind: "code_mode" });
  }
  for (const served of units) {
    const exposure = served.unit.exposure;
    if (hasProgressive(exposure)) {
      const name = names.allocate(served.id, served.id);
      table.tools.push(progressiveTool(name, served));
      table.targets.set(name, { kind: "progressive", unit: served });
      table.progressive.set(served.id, name);
    }
    if (!hasDirect(exposure)) continue;
    for (const operation of served.unit.operations) {
      const key = operationKey(served.id, operation.name);
      const name = names.allocate(key, served.id, operationPart(operation));
      table.tools.push(directTool(name, served, operation));
      table.targets.set(name, { kind: "direct", unit: served, operation });
      table.direct.set(key, name);
    }
  }
  return table;
}
