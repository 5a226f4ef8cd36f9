/**
 * `unitc tokens`: how many o200k_base tokens an agent reads for a bundle in each serving style:
 * every operation as a direct tool, one progressive tool per unit, the `code_mode` tool, and a
 * typical `search_tools` answer. The lists are built with the MCP server's own builders. With
 * `--framework`, the tool definitions an agent framework's own loop sends its model through that
 * framework's adapter, in each exposure.
 */
import { relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { isUnitError } from "../../runtime/contract/errors.js";
import { type Exposure, type Manifest, readManifest } from "../../runtime/contract/manifest.js";
import { CODE_MODE_INPUT_SCHEMA, codeModeDescription } from "../../runtime/sandbox/index.js";
import { SearchIndex } from "../../runtime/search/index.js";
import { createSnapshot } from "../../runtime/serve/sessions/context.js";
import { CODE_MODE_TOOL } from "../../runtime/serve/sessions/names.js";
import { callSearchTools } from "../../runtime/serve/sessions/search-tool.js";
import { buildToolTable } from "../../runtime/serve/sessions/tools.js";
import { catalogUnit, type ServedUnit } from "../../runtime/serve/shared/catalog.js";
import { defaultManifestPath } from "../find-project.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, EXIT_USAGE } from "../io.js";
import { formatArgs, outputFormat } from "../output-format.js";
import { FRAMEWORKS, type FrameworkName, isFramework, offeredByExposure } from "../tokens/frameworks.js";
import { o200kCounter } from "../tokens/o200k.js";

/** The query behind the typical `search_tools` answer. */
export const DEFAULT_TOKEN_QUERY = "get details";
const SEARCH_HITS = 5;

export interface TokenFigure {
  name: string;
  tokens: number;
  detail: string;
}

function served(manifest: Manifest, exposure?: Exposure): ServedUnit[] {
  return manifest.units
    .map((unit) => {
      const catalog = catalogUnit(unit);
      return {
        id: unit.id,
        source: { kind: "local" as const },
        unit: exposure ? { ...catalog, exposure } : catalog,
      };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** `tools/list` with every unit served in one style, that style's tools only. */
function toolsList(manifest: Manifest, exposure: "direct" | "progressive"): { json: string; count: number } {
  const table = buildToolTable(served(manifest, exposure), manifest.settings);
  const tools = table.tools.filter((tool) => table.targets.get(tool.name)?.kind === exposure);
  return { json: JSON.stringify({ tools }), count: tools.length };
}

/** A typical `search_tools` answer to `query`: the text the agent reads, and what it was (query, hits). */
function searchAnswer(manifest: Manifest, query: string): { text: string; detail: string } {
  const index = { source: { kind: "local" as const }, index: SearchIndex.build(manifest) };
  const answer = callSearchTools(createSnapshot(served(manifest), [index], manifest.settings), {
    query,
    limit: SEARCH_HITS,
  });
  const text = answer.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  const hits = (answer.structuredContent as { hits?: unknown[] } | undefined)?.hits?.length ?? 0;
  return { text, detail: `query ${JSON.stringify(query)}, ${hits} hits` };
}

/** Each figure's name, the text it counts and what it says of that text. */
export function tokenTexts(
  manifest: Manifest,
  query = DEFAULT_TOKEN_QUERY,
): Array<{ name: string; text: string; detail: string }> {
  const direct = toolsList(manifest, "direct");
  const progressive = toolsList(manifest, "progressive");
  const codeMode = {
    name: CODE_MODE_TOOL,
    description: codeModeDescription(manifest),
    inputSchema: CODE_MODE_INPUT_SCHEMA,
  };
  const answer = searchAnswer(manifest, query);
  return [
    { name: "direct tools/list", text: direct.json, detail: `${direct.count} tools, one per operation` },
    {
      name: "progressive tools/list",
      text: progressive.json,
      detail: `${progressive.count} tools, one per unit`,
    },
    { name: "code_mode tool", text: JSON.stringify(codeMode), detail: "description and input schema" },
    {
      name: "search_tools answer",
      text: answer.text,
      detail: answer.detail,
    },
  ];
}

/** The token figures of `manifest`. */
export async function tokenFigures(manifest: Manifest, query = DEFAULT_TOKEN_QUERY): Promise<TokenFigure[]> {
  const count = await o200kCounter();
  return tokenTexts(manifest, query).map(({ name, text, detail }) => ({ name, tokens: count(text), detail }));
}

/** The token figures of `manifestPath` as `framework`'s loop offers it to its model, per exposure. */
export async function frameworkFigures(
  manifestPath: string,
  manifest: Manifest,
  framework: FrameworkName,
  query = DEFAULT_TOKEN_QUERY,
): Promise<Array<TokenFigure & { tools: number }>> {
  const count = await o200kCounter();
  const search = searchAnswer(manifest, query);
  const answer = `then ${count(search.text)} per search_tools answer (${search.detail})`;
  const details = {
    direct: (tools: number) => `${tools} tools, one per operation`,
    search: (tools: number) => `${tools} tools, ${answer}`,
    code_mode: (tools: number) => `${tools} tool, the bundle's declarations in its description`,
  };
  return (await offeredByExposure(framework, manifestPath)).map((row) => ({
    name: row.exposure,
    tokens: count(row.json),
    tools: row.tools,
    detail: details[row.exposure](row.tools),
  }));
}

export function tokensCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "tokens", description: "Count the tokens agents read for a bundle (o200k_base)" },
    args: {
      manifest: {
        type: "string",
        description: "The bundle's manifest (default generated/manifest.json)",
        valueHint: "FILE",
      },
      query: {
        type: "string",
        description: `The search_tools query (default "${DEFAULT_TOKEN_QUERY}")`,
        valueHint: "TEXT",
      },
      framework: {
        type: "string",
        description: `What an agent framework's loop sends its model, per exposure (${Object.keys(FRAMEWORKS).join(", ")})`,
        valueHint: "NAME",
      },
      ...formatArgs,
    },
    async run({ args }) {
      const file = resolve(io.cwd, args.manifest ?? defaultManifestPath(io));
      let manifest: Manifest;
      try {
        manifest = readManifest(file).manifest;
      } catch (error) {
        const hint = isUnitError(error) && error.details.hint ? `\nhint: ${error.details.hint}` : "";
        io.stderr(`unitc tokens: ${error instanceof Error ? error.message : String(error)}${hint}\n`);
        setExit(EXIT_ERRORS);
        return;
      }
      if (args.framework !== undefined) {
        await printFramework(
          io,
          file,
          manifest,
          args.framework,
          args.query,
          outputFormat(args) === "json",
          setExit,
        );
        return;
      }
      const figures = await tokenFigures(manifest, args.query);
      if (outputFormat(args) === "json") {
        io.stdout(`${JSON.stringify({ encoding: "o200k_base", figures }, null, 2)}\n`);
      } else {
        io.stdout(`o200k_base tokens for ${shownBundle(io, file, manifest)}\n`);
        printRows(io, figures);
      }
      setExit(EXIT_OK);
    },
  });
}

/** `file` as the user named it, with its unit and operation counts. */
function shownBundle(io: CliIO, file: string, manifest: Manifest): string {
  const operations = manifest.units.reduce((n, unit) => n + unit.operations.length, 0);
  const shown = relative(io.cwd, file) || file;
  return `${shown} (${manifest.units.length} units, ${operations} operations)`;
}

function printRows(io: CliIO, figures: readonly TokenFigure[]): void {
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const f of figures)
    io.stdout(`${f.name.padEnd(width)}  ${String(f.tokens).padStart(6)}  ${f.detail}\n`);
}

async function printFramework(
  io: CliIO,
  file: string,
  manifest: Manifest,
  framework: string,
  query: string | undefined,
  json: boolean,
  setExit: (code: number) => void,
): Promise<void> {
  if (!isFramework(framework)) {
    io.stderr(
      `unitc tokens: no adapter for the framework ${JSON.stringify(framework)}\n` +
        `hint: --framework takes one of ${Object.keys(FRAMEWORKS).join(", ")}\n`,
    );
    setExit(EXIT_USAGE);
    return;
  }
  let figures: Awaited<ReturnType<typeof frameworkFigures>>;
  try {
    figures = await frameworkFigures(file, manifest, framework, query);
  } catch (error) {
    const code = isUnitError(error) ? `${error.code} ` : "";
    const hint = isUnitError(error) && error.details.hint ? `\nhint: ${error.details.hint}` : "";
    io.stderr(`unitc tokens: ${code}${error instanceof Error ? error.message : String(error)}${hint}\n`);
    setExit(EXIT_ERRORS);
    return;
  }
  if (json) {
    io.stdout(`${JSON.stringify({ encoding: "o200k_base", framework, figures }, null, 2)}\n`);
  } else {
    io.stdout(`o200k_base tokens ${framework} sends its model for ${shownBundle(io, file, manifest)}\n`);
    printRows(io, figures);
  }
  setExit(EXIT_OK);
}
