/**
 * The base URL requests go to: the unit's `baseUrl` when set (the spec's `servers` are then ignored
 * entirely), else the spec's first server with its variables at their defaults. A relative server URL
 * is resolved against the URL the spec was fetched from; for a local spec it needs `baseUrl`. A
 * fetched spec never chooses where a unit with auth sends its credentials (`documentChosenBase`).
 * https://spec.openapis.org/oas/v3.1.0#server-object
 */
import { checkHttpUrl } from "../../validate/url-rules.js";
import { type BaseUrlChooser, documentChosenBase } from "../sources/remote-connection.js";

type Data = Record<string, unknown>;

export type BaseUrlResult = { baseUrl: string } | { problem: string; hint: string };

/**
 * The base URL of the API a unit's `backend` describes with `spec`, loaded from `location` (a file
 * path or a URL).
 */
export function apiBaseUrl(backend: BaseUrlChooser, spec: Data, location: string): BaseUrlResult {
  if (backend.baseUrl !== undefined) return { baseUrl: backend.baseUrl };
  const server = Array.isArray(spec.servers) ? (spec.servers[0] as Data | undefined) : undefined;
  const template = typeof server?.url === "string" ? server.url : "/";
  const filled = fillVariables(template, (server?.variables ?? {}) as Data);
  if (filled === undefined) {
    return {
      problem: `the spec's server URL ${JSON.stringify(template)} has a variable without a default`,
      hint: "set baseUrl on the unit",
    };
  }
  const fetchedFrom = /^https?:\/\//i.test(location) ? location : undefined;
  let url: string;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(filled)) url = filled;
  else if (fetchedFrom !== undefined) url = new URL(filled, fetchedFrom).href;
  else if (filled.startsWith("//")) url = `https:${filled}`;
  else {
    return {
      problem: `the spec names no absolute server URL (servers[0] is ${JSON.stringify(template)})`,
      hint: "set baseUrl on the unit to where the API is served",
    };
  }
  const chosen = documentChosenBase(backend, location, "servers[0]", url);
  if (chosen !== undefined) return chosen;
  const problem = checkHttpUrl(url, "base");
  if (problem !== undefined) {
    return {
      problem: `the spec's server URL ${JSON.stringify(url)} ${problem}`,
      hint: "set baseUrl on the unit",
    };
  }
  return { baseUrl: url };
}

function fillVariables(template: string, variables: Data): string | undefined {
  let missing = false;
  const filled = template.replace(/\{([^{}]+)\}/g, (_match, name: string) => {
    const variable = (Object.hasOwn(variables, name) ? variables[name] : undefined) as Data | undefined;
    const value = variable?.default ?? (Array.isArray(variable?.enum) ? variable.enum[0] : undefined);
    if (typeof value !== "string" && typeof value !== "number") {
      missing = true;
      return "";
    }
    return String(value);
  });
  return missing ? undefined : filled;
}
