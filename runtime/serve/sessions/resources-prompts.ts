/**
 * The resources, resource templates and prompts of served MCP units (as their servers listed them
 * at build time), namespaced per unit as tools are: a resource `file:///a` of unit `docs` is served as
 * `unitc://docs/file:///a`, a prompt `review` as `docs__review`. Reads and prompt requests are
 * forwarded to the unit's downstream session. Only units with a direct or progressive part are
 * listed, as for `unitc/call`.
 */
import {
  type GetPromptResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
} from "@modelcontextprotocol/server";
import { isUnitError } from "../../contract/errors.js";
import type { ManifestUnit } from "../../contract/manifest.js";
import { hasDirect, hasProgressive, type ServedUnit } from "../shared/catalog.js";
import type { ServeContext, Snapshot } from "./context.js";
import { ToolNames } from "./names.js";

const SCHEME = "unitc://";

/** What the served units offer besides tools, built once per snapshot. */
interface Offer {
  resources: ListResourcesResult["resources"];
  templates: ListResourceTemplatesResult["resourceTemplates"];
  prompts: ListPromptsResult["prompts"];
  promptTargets: Map<string, { unit: ServedUnit; name: string }>;
}

const offers = new WeakMap<Snapshot, Offer>();

/** The served URI of a downstream resource URI (or URI template) of `unit`. */
export function servedUri(unit: ServedUnit, uri: string): string {
  return `${SCHEME}${unit.id}/${uri}`;
}

function offerOf(context: ServeContext): Offer {
  const snapshot = context.snapshot();
  const known = offers.get(snapshot);
  if (known) return known;
  const offer: Offer = { resources: [], templates: [], prompts: [], promptTargets: new Map() };
  const names = new ToolNames();
  for (const unit of snapshot.units) {
    const listed = listedBy(context, unit);
    if (!listed) continue;
    for (const { uri, ...rest } of listed.resources ?? []) {
      offer.resources.push({ ...rest, uri: servedUri(unit, uri), name: `${unit.id}__${rest.name}` });
    }
    for (const { uriTemplate, ...rest } of listed.resourceTemplates ?? []) {
      offer.templates.push({
        ...rest,
        uriTemplate: servedUri(unit, uriTemplate),
        name: `${unit.id}__${rest.name}`,
      });
    }
    for (const prompt of listed.prompts ?? []) {
      const name = names.allocate(`${unit.id}\u0000${prompt.name}`, unit.id, prompt.name);
      offer.prompts.push({ ...prompt, name });
      offer.promptTargets.set(name, { unit, name: prompt.name });
    }
  }
  offers.set(snapshot, offer);
  return offer;
}

/** The manifest entry of a served MCP unit whose resources and prompts are served, else undefined. */
function listedBy(context: ServeContext, unit: ServedUnit): ManifestUnit | undefined {
  if (!hasDirect(unit.unit.exposure) && !hasProgressive(unit.unit.exposure)) return undefined;
  const listed = context.manifestUnit(unit);
  return listed?.connection.kind === "mcp" ? listed : undefined;
}

/** The served unit and downstream URI a served URI names. */
function targetOf(context: ServeContext, uri: string): { unit: ServedUnit; uri: string } {
  const slash = uri.indexOf("/", SCHEME.length);
  const unit =
    uri.startsWith(SCHEME) && slash > 0
      ? context.snapshot().byId.get(uri.slice(SCHEME.length, slash))
      : undefined;
  if (!unit || !listedBy(context, unit)) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource: ${uri}`);
  }
  return { unit, uri: uri.slice(slash + 1) };
}

/** A failed forward as a JSON-RPC error that keeps the unitc code and hint. */
function forwardError(error: unknown): never {
  if (isUnitError(error)) {
    throw new ProtocolError(ProtocolErrorCode.InternalError, error.message, {
      code: error.code,
      ...(error.details.hint ? { hint: error.details.hint } : {}),
    });
  }
  throw error;
}

export const listResources = (context: ServeContext): ListResourcesResult => ({
  resources: offerOf(context).resources,
});

export const listResourceTemplates = (context: ServeContext): ListResourceTemplatesResult => ({
  resourceTemplates: offerOf(context).templates,
});

export const listPrompts = (context: ServeContext): ListPromptsResult => ({
  prompts: offerOf(context).prompts,
});

/** `resources/read`: the downstream's answer, its resources' URIs put back into the served namespace. */
export async function readResource(
  context: ServeContext,
  uri: string,
  signal: AbortSignal,
): Promise<ReadResourceResult> {
  const target = targetOf(context, uri);
  const answer = (await context
    .forward(target.unit, "resources/read", { uri: target.uri }, signal)
    .catch(forwardError)) as ReadResourceResult;
  return {
    ...answer,
    contents: answer.contents.map((content) => ({ ...content, uri: servedUri(target.unit, content.uri) })),
  };
}

/** `prompts/get`: forwarded under the prompt's own name. */
export async function getPrompt(
  context: ServeContext,
  name: string,
  args: Record<string, string> | undefined,
  signal: AbortSignal,
): Promise<GetPromptResult> {
  const target = offerOf(context).promptTargets.get(name);
  if (!target) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${name}`);
  const params = { name: target.name, ...(args ? { arguments: args } : {}) };
  return (await context
    .forward(target.unit, "prompts/get", params, signal)
    .catch(forwardError)) as GetPromptResult;
}
