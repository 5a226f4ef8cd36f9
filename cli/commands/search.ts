/**
 * `unitc search <query>`: the bundle's operations ranked as `search_tools` ranks them, from the
 * prebuilt `search-index.json` (built in memory, with a note, when it is missing) and the bundle's
 * summary (`units-index.json`); the manifest is read only when one of them is missing or stale.
 */
import { defineCommand } from "citty";
import { readManifest } from "../../runtime/contract/manifest.js";
import { unitAccessor } from "../../runtime/contract/signature.js";
import { indexLoader } from "../../runtime/search/file.js";
import { queryProblem } from "../../runtime/search/query-limits.js";
import { type BundleSummary, manifestArg, openBundle, openSummary } from "../bundle.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { lookUp, reportFailure } from "../target.js";

/** `--limit`: a whole number of at least 1, at most the bundle's `maxSearchLimit`. */
function limitOf(flag: string | undefined, settings: { defaultSearchLimit: number; maxSearchLimit: number }) {
  if (flag === undefined) return settings.defaultSearchLimit;
  const limit = Number(flag);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError("--limit must be a whole number of at least 1");
  if (limit > settings.maxSearchLimit) {
    throw new UsageError(
      `--limit ${limit} is above the bundle's maximum of ${settings.maxSearchLimit} (maxSearchLimit)`,
    );
  }
  return limit;
}

/**
 * The unit `--unit` names: one the summary lists, else looked up as a call would look it up (through
 * the manifest, for the same errors); null after reporting that it names none.
 */
function unitOf(io: CliIO, bundle: BundleSummary, text: string, setExit: (code: number) => void) {
  if (bundle.index.units.some((unit) => unit.id === text)) return text;
  const opened = openBundle(io, "search", bundle.path, setExit);
  if (!opened) return null;
  try {
    return lookUp(opened.runtime, text, false).unit.id;
  } catch (error) {
    reportFailure(io, "search", error);
    setExit(EXIT_ERRORS);
    return null;
  }
}

export function searchCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "search",
      description: "Find operations by what they do, ranked as search_tools ranks them",
    },
    args: {
      query: { type: "positional", required: true, description: "What you want to do, in a few words" },
      unit: { type: "string", description: "Search this unit only", valueHint: "UNIT" },
      limit: {
        type: "string",
        description: "Most hits (default the bundle's defaultSearchLimit)",
        valueHint: "N",
      },
      json: { type: "boolean", description: "Print JSON", default: false },
      ...manifestArg,
    },
    async run({ args }) {
      const bundle = await openSummary(io, "search", args.manifest, setExit);
      if (!bundle) return;
      const limit = limitOf(args.limit, bundle.index.settings);
      const tooLong = queryProblem(args.query);
      if (tooLong || args.query.trim() === "") {
        io.stderr(
          `unitc search: ${tooLong ? `${tooLong.message}\nhint: ${tooLong.hint}` : "the query is empty"}\n`,
        );
        setExit(EXIT_ERRORS);
        return;
      }
      const only = args.unit === undefined ? undefined : unitOf(io, bundle, args.unit, setExit);
      if (only === null) return;
      const manifest = () => readManifest(bundle.path).manifest;
      const index = indexLoader(manifest, bundle.path, (line) => io.stderr(`unitc search: ${line}\n`))();
      const hits = index.query(args.query, limit, only === undefined ? undefined : (id) => id === only);
      const rendered = hits.map((hit) => ({
        unit: hit.unit,
        operation: hit.tsName,
        description: hit.summary,
        signature: `${unitAccessor(hit.unit)}.${hit.signature}`,
        score: Math.round(hit.score * 1000) / 1000,
      }));
      if (args.json) io.stdout(`${JSON.stringify(rendered, null, 2)}\n`);
      else if (rendered.length === 0) io.stdout("nothing matched; try other words (a verb and a noun)\n");
      else io.stdout(`${rendered.map((h) => `${h.signature}\n  ${h.description}`).join("\n")}\n`);
      setExit(EXIT_OK);
    },
  });
}
