/**
 * `search_tools {query, unit?, limit?}`: ranked operations across every served unit. No `limit`
 * gives `defaultSearchLimit`; above `maxSearchLimit` is an error naming the maximum. No hit gives an
 * empty list and a hint, never the catalogue.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import { unitAccessor } from "../../contract/signature.js";
import type { SearchHit } from "../../search/index.js";
import { queryProblem } from "../../search/query-limits.js";
import type { ServedUnit } from "../shared/catalog.js";
import type { Snapshot } from "./context.js";
import { failureResult, type ToolFailure, valueResult } from "./results.js";
import { operationKey, type SearchLimits, type ToolTable } from "./tools.js";

/** One hit as agents see it. */
export interface RenderedHit {
  unit: string;
  operation: string;
  /** The direct tool that calls it, when its unit is exposed directly. */
  tool?: string;
  /** The unit's progressive tool, when it has one: call it with {operation: "call", name, args}. */
  unitTool?: string;
  description: string;
  signature: string;
}

/** Units named in a hint; the rest are counted. */
const HINT_UNITS = 20;

/** A hit with the served unit's ID and tools. */
export function renderHit(hit: SearchHit, unit: ServedUnit, table: ToolTable): RenderedHit {
  const tool = table.direct.get(operationKey(unit.id, hit.operation));
  const unitTool = table.progressive.get(unit.id);
  return {
    unit: unit.id,
    // The name the signature calls it by: progressive `call`/`describe` take it too.
    operation: hit.tsName,
    ...(tool ? { tool } : {}),
    ...(unitTool ? { unitTool } : {}),
    description: hit.summary,
    signature: `${unitAccessor(unit.id)}.${hit.signature}`,
  };
}

/** `a, b, c and 4 more`. */
export function someUnits(units: readonly ServedUnit[]): string {
  const named = units.slice(0, HINT_UNITS).map((u) => u.id);
  const more = units.length > HINT_UNITS ? ` and ${units.length - HINT_UNITS} more` : "";
  return named.length === 0 ? "none" : `${named.join(", ")}${more}`;
}

/** The limit to use, or why the given one is refused. */
export function checkLimit(limit: unknown, fallback: number, limits: SearchLimits): number | ToolFailure {
  if (limit === undefined) return fallback;
  if (!Number.isInteger(limit) || (limit as number) < 1) {
    return { code: "ARGS_INVALID", message: "limit must be a whole number of at least 1", hint: "fix limit" };
  }
  if ((limit as number) > limits.maxSearchLimit) {
    return {
      code: "LIMIT_TOO_HIGH",
      message: `limit ${limit} is above the maximum of ${limits.maxSearchLimit} (maxSearchLimit)`,
      hint: `ask for at most ${limits.maxSearchLimit} hits, or narrow the query`,
    };
  }
  return limit as number;
}

type SearchArgs = { query: string; unit?: ServedUnit; limit: number };

function checkArgs(snapshot: Snapshot, raw: unknown): SearchArgs | ToolFailure {
  const args = (raw ?? {}) as Record<string, unknown>;
  const extra = Object.keys(args).filter((key) => !["query", "unit", "limit"].includes(key));
  if (extra.length > 0) {
    return {
      code: "ARGS_INVALID",
      message: `unknown field(s) ${extra.map((k) => JSON.stringify(k)).join(", ")}`,
      hint: 'accepted fields: query, unit, limit; for example {"query":"create an invoice"}',
    };
  }
  if (typeof args.query !== "string" || args.query.trim() === "") {
    return {
      code: "ARGS_INVALID",
      message: "query must be a non-empty string",
      hint: 'say what you want to do, for example {"query":"send an email"}',
    };
  }
  const tooLong = queryProblem(args.query);
  if (tooLong) return tooLong;
  let unit: ServedUnit | undefined;
  if (args.unit !== undefined) {
    unit = typeof args.unit === "string" ? snapshot.byId.get(args.unit) : undefined;
    if (!unit) {
      return {
        code: "UNKNOWN_UNIT",
        message: `no unit ${JSON.stringify(args.unit)} is served here`,
        hint: `leave unit out to search every unit; units: ${someUnits(snapshot.units)}`,
      };
    }
  }
  const limits = limitsFor(snapshot, unit);
  const limit = checkLimit(args.limit, limits.defaultSearchLimit, limits);
  if (typeof limit !== "number") return limit;
  return { query: args.query, limit, ...(unit ? { unit } : {}) };
}

/** The search limits for one unit (its unit set's, where set) or for the whole catalogue. */
export function limitsFor(snapshot: Snapshot, unit?: ServedUnit): SearchLimits {
  const own = unit?.unit.searchLimits;
  return {
    defaultSearchLimit: own?.defaultSearchLimit ?? snapshot.limits.defaultSearchLimit,
    maxSearchLimit: own?.maxSearchLimit ?? snapshot.limits.maxSearchLimit,
  };
}

/** The hint shown with zero hits. */
export function noHitHint(snapshot: Snapshot, unit?: ServedUnit): string {
  const scope = unit ? "drop the unit filter, or " : "";
  return `nothing matched; ${scope}try other words for what the operation does (a verb and a noun); units: ${someUnits(snapshot.units)}`;
}

/** Units whose groups a low-scoring answer names (those of its best hits), and groups named per unit. */
const GROUP_UNITS = 3;
const GROUPS_PER_UNIT = 60;

/** What a low-scoring answer says beside its groups. */
const LOW_SCORE_HINT =
  "these hits score low for the query; browse a group instead: search_tools with the group's name as the query and its unit";

/** The groups (OpenAPI tags, discovery resources, GraphQL return types) of the units of the best hits. */
function unitGroups(
  snapshot: Snapshot,
  found: ReadonlyArray<{ unit: ServedUnit }>,
): Array<{ unit: string; groups: string[]; more?: number }> {
  const units = [...new Set(found.map(({ unit }) => unit))].slice(0, GROUP_UNITS);
  return units.flatMap((unit) => {
    const names = snapshot.search.groupNames(unit);
    if (names.length === 0) return [];
    const more = names.length - GROUPS_PER_UNIT;
    return [{ unit: unit.id, groups: names.slice(0, GROUPS_PER_UNIT), ...(more > 0 ? { more } : {}) }];
  });
}

/** Answers a `search_tools` call. */
export function callSearchTools(snapshot: Snapshot, raw: unknown): CallToolResult {
  const args = checkArgs(snapshot, raw);
  if ("code" in args) return failureResult(args);
  const found = snapshot.search.query(args.query, args.limit, args.unit);
  const hits = found.map(({ hit, unit }) => renderHit(hit, unit, snapshot.table));
  const groups = snapshot.search.lowScore(args.query, found) ? unitGroups(snapshot, found) : [];
  return valueResult({
    query: args.query,
    hits,
    ...(hits.length === 0 ? { hint: noHitHint(snapshot, args.unit) } : {}),
    ...(groups.length > 0 ? { groups, hint: LOW_SCORE_HINT } : {}),
  });
}
