/**
 * Lists what a downstream MCP server offers: every page of tools, resources, resource templates and
 * prompts. The server is started through the runtime's connector (own process group, explicit
 * environment) and always closed again, whatever happened. Everything taken from the server is
 * untrusted and is cleaned here, before it is stored or emitted: strings become shown text (no
 * invisible characters, the unit's resolved secrets redacted), and a tool that cannot be shown
 * faithfully is withheld with the reason (`runtime/invoke/mcp/listed-tool.ts`). Loaded on demand: the SDK is
 * slow to import.
 */
import { UnitError } from "../../../runtime/contract/errors.js";
import type {
  McpConnection,
  McpPromptInfo,
  McpResourceInfo,
  McpResourceTemplateInfo,
} from "../../../runtime/contract/manifest.js";
import {
  listedTools,
  type OpenConnection,
  type OpenOptions,
  openMcp,
} from "../../../runtime/invoke/mcp/connect.js";
import { keepListedTool } from "../../../runtime/invoke/mcp/listed-tool.js";
import type { ListedTool } from "../../../runtime/invoke/mcp/tool-schema.js";
import { redact } from "../../../runtime/shared/redact.js";
import { shownJson, shownText } from "../../../runtime/shared/shown-text.js";

/** What a server listed, reduced to the fields the manifest keeps; stored as is in the build cache. */
export interface McpListing {
  tools: ListedTool[];
  resources: McpResourceInfo[];
  resourceTemplates: McpResourceTemplateInfo[];
  prompts: McpPromptInfo[];
  /** Tools left out, and why (shown text); kept in the build cache so a cached build reports them too. */
  withheld: WithheldTool[];
  /** Names the server lists more than once; the first of each is the one considered. */
  duplicates: string[];
  /** Problems that did not stop the listing (a list the server advertises but fails to answer). */
  warnings: string[];
}

/** A listed tool that is not compiled. */
export interface WithheldTool {
  name: string;
  reason: string;
}

type Data = Record<string, unknown>;

const RESOURCE_FIELDS = ["uri", "name", "title", "description", "mimeType"];
const TEMPLATE_FIELDS = ["uriTemplate", "name", "title", "description", "mimeType"];
const TOOL_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations"];

/** Only the named fields of an item, and only string ones except where noted: listings are untrusted. */
function pick(item: unknown, fields: readonly string[], loose: readonly string[] = []): Data {
  const kept: Data = {};
  for (const field of fields) {
    const value = (item as Data)[field];
    if (typeof value === "string" || (loose.includes(field) && value !== undefined)) kept[field] = value;
  }
  return kept;
}

const PROMPT_FIELDS = ["name", "title", "description"];

function promptInfo(prompt: unknown): Data {
  const kept = pick(prompt, PROMPT_FIELDS);
  const args = (prompt as Data).arguments;
  if (Array.isArray(args)) {
    kept.arguments = args.map((arg) => {
      const entry = pick(arg, ["name", "description"]);
      if (typeof (arg as Data).required === "boolean") entry.required = (arg as Data).required;
      return entry;
    });
  }
  return kept;
}

/** A message too large to read ends the connection, so nothing more can be listed: the unit fails. */
function checkMessageSize(open: OpenConnection, what: string): void {
  const failure = open.failure();
  if (!failure) return;
  throw new UnitError(
    "MCP_MESSAGE_TOO_LARGE",
    `${what} was answered with a message of more than ${failure.limit} bytes, the most one message may hold`,
    { hint: "the server lists too much to read; ask its authors to trim it, or set disabled: true" },
  );
}

/** Every page of tools; a failure carries the server's stderr tail. */
async function listTools(open: OpenConnection): Promise<ListedTool[]> {
  try {
    return await listedTools(open.client);
  } catch (error) {
    checkMessageSize(open, "tools/list");
    const reason = redact(error instanceof Error ? error.message : String(error), open.secrets);
    const excerpt = open.stderrTail();
    throw new UnitError("MCP_PROTOCOL_ERROR", `tools/list failed: ${reason}`, {
      ...(excerpt ? { excerpt } : {}),
      hint: "report it to the server's authors; until then set disabled: true (the other units are unaffected)",
    });
  }
}

/**
 * Items that have every `required` string field, reduced to `fields` as shown text, sorted by the
 * first required one.
 */
function infos<T>(
  items: readonly unknown[],
  fields: readonly string[],
  required: readonly string[],
  secrets: readonly string[],
  loose: readonly string[] = [],
): T[] {
  const key = required[0] as string;
  return items
    .map((item) => shownJson(pick(item, fields, loose), secrets) as Data)
    .filter((item) => required.every((field) => typeof item[field] === "string"))
    .sort((a, b) => String(a[key]).localeCompare(String(b[key]))) as unknown as T[];
}

const LOOSE_TOOL_FIELDS = ["inputSchema", "outputSchema", "annotations"];

/**
 * The tools kept, sorted by name, and those withheld. Of two tools with one name only the first is
 * considered, as the runtime's drift check does with the live listing.
 */
function keptTools(tools: readonly unknown[], secrets: readonly string[]) {
  const kept: ListedTool[] = [];
  const withheld: WithheldTool[] = [];
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const item of tools) {
    const tool = pick(item, TOOL_FIELDS, LOOSE_TOOL_FIELDS) as unknown as ListedTool;
    if (typeof tool.name !== "string") continue;
    if (seen.has(tool.name)) {
      duplicates.add(shownText(tool.name, secrets));
      continue;
    }
    seen.add(tool.name);
    const outcome = keepListedTool(tool, secrets);
    if ("tool" in outcome) kept.push(outcome.tool);
    else withheld.push({ name: outcome.name, reason: outcome.withheld });
  }
  kept.sort((a, b) => a.name.localeCompare(b.name));
  return { tools: kept, withheld, duplicates: [...duplicates].sort() };
}

/** Rejects with the signal's reason once it aborts, and `work` stays unawaited (the caller closes it). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  let stop: (() => void) | undefined;
  const expired = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
  });
  return Promise.race([work, expired]).finally(() => {
    if (stop) signal.removeEventListener("abort", stop);
  });
}

/**
 * Lists a server; throws `MCP_START_FAILED` or `MISSING_ENV` (a `UnitError`) when it cannot, or the
 * signal's reason once it aborts (the server is stopped whether it was starting or being listed).
 */
export async function listMcpServer(
  connection: McpConnection,
  options: Pick<OpenOptions, "env" | "baseDir" | "unitId" | "oauth" | "signal">,
): Promise<McpListing> {
  const open = await openMcp(connection, options);
  try {
    return await untilAborted(listOpen(open), options.signal);
  } finally {
    await open.close();
  }
}

/** Everything an open server offers. */
async function listOpen(open: OpenConnection): Promise<McpListing> {
  const warnings: string[] = [];
  const optional = async <T>(what: string, list: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await list();
    } catch (error) {
      checkMessageSize(open, `listing ${what}`);
      const reason = error instanceof Error ? error.message : String(error);
      warnings.push(shownText(`${what} could not be listed: ${reason}`, open.secrets));
      return [];
    }
  };
  const tools = await listTools(open);
  const client = open.client;
  // Only what the server advertises: the SDK would print a notice to stdout for the rest.
  const offers = client.getServerCapabilities() ?? {};
  const none = async () => [];
  const resources = await optional("resources", async () =>
    offers.resources ? (await client.listResources()).resources : none(),
  );
  const templates = await optional("resource templates", async () =>
    offers.resources ? (await client.listResourceTemplates()).resourceTemplates : none(),
  );
  const prompts = await optional("prompts", async () =>
    offers.prompts ? (await client.listPrompts()).prompts : none(),
  );
  const secrets = open.secrets;
  return {
    ...keptTools(tools, secrets),
    resources: infos(resources, RESOURCE_FIELDS, ["uri", "name"], secrets),
    resourceTemplates: infos(templates, TEMPLATE_FIELDS, ["uriTemplate", "name"], secrets),
    prompts: infos(prompts.map(promptInfo), [...PROMPT_FIELDS, "arguments"], ["name"], secrets, [
      "arguments",
    ]),
    warnings,
  };
}
