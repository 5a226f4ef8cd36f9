/**
 * Where a spec document comes from: a local file (`specPath`, `discoveryPath`, resolved against the
 * file that declares it) or a URL (`specUrl`, `discoveryUrl`) fetched at build time and cached for
 * `operationCacheTtlMs`. The unit's credentials go only to a URL on `baseUrl`'s origin. Problems
 * become diagnostics; nothing is thrown.
 */
import { stat } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { readInput, recordInput } from "../shared/inputs.js";
import type { DiscoverContext } from "../shared/types.js";
import { fetchThroughCache } from "./cached-fetch.js";
import { MAX_SPEC_BYTES, sameOrigin, tokenSource } from "./fetch.js";
import { parseSpec, type SpecDocument } from "./parse.js";

/** The kinds whose units name one spec document. */
export type SpecKind = "openapi" | "discovery";
type SpecContext = DiscoverContext<SpecKind>;

/** The backend fields naming the document of one backend kind. */
interface SpecFields {
  pathField: string;
  urlField: string;
  path: string | undefined;
  url: string | undefined;
}

/** Where the unit's document is: the field names (for messages and pointers) and their values. */
function specFields(unit: SpecContext["unit"]): SpecFields {
  return unit.kind === "openapi"
    ? { pathField: "specPath", urlField: "specUrl", path: unit.backend.specPath, url: unit.backend.specUrl }
    : {
        pathField: "discoveryPath",
        urlField: "discoveryUrl",
        path: unit.backend.discoveryPath,
        url: unit.backend.discoveryUrl,
      };
}

/** Loads and parses the unit's document; undefined (with diagnostics) when there is none to use. */
export async function loadSpecSource(context: SpecContext): Promise<SpecDocument | undefined> {
  const fields = specFields(context.unit);
  if (fields.path !== undefined) return fromFile(context, fields, resolve(context.unit.baseDir, fields.path));
  if (fields.url === undefined) return undefined;
  return fromUrl(context, fields, fields.url);
}

async function fromFile(
  context: SpecContext,
  fields: SpecFields,
  file: string,
): Promise<SpecDocument | undefined> {
  const problem = (message: string, hint: string) => {
    context.report("error", "SPEC_UNREADABLE", message, `/${fields.pathField}`, hint);
    return undefined;
  };
  recordInput(file);
  let text: string;
  try {
    const info = await stat(file);
    if (!info.isFile())
      return problem(`${fields.pathField} ${file} is not a file`, "point it at the spec file");
    if (info.size > MAX_SPEC_BYTES) {
      return problem(
        `${fields.pathField} ${file} is ${info.size} bytes; the limit is ${MAX_SPEC_BYTES}`,
        "split the document into files that refer to each other with relative $refs",
      );
    }
    text = await readInput(file);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    return problem(
      `${fields.pathField} ${file} ${missing ? "does not exist" : "cannot be read"}`,
      "the path is relative to the file that declares the unit",
    );
  }
  return parsed(context, text, { id: basename(file), location: file, dir: dirname(file) });
}

async function fromUrl(
  context: SpecContext,
  fields: SpecFields,
  url: string,
): Promise<SpecDocument | undefined> {
  const { kind, backend } = context.unit;
  const auth = backend.auth ?? { type: "none" };
  // Credentials go to the API's own origin only: a document elsewhere is fetched without them.
  const sendAuth = backend.baseUrl !== undefined && sameOrigin(url, backend.baseUrl);
  const key = { kind, url, auth: sendAuth ? auth : null };
  const request = {
    url,
    ...(sendAuth
      ? { auth, oauth: { unitId: context.unit.id, resource: backend.baseUrl, ...tokenSource(context) } }
      : {}),
    timeoutMs: backend.requestTimeoutMs,
    env: process.env,
  };
  const fetched = await fetchThroughCache(
    { kind, key, ttlMs: backend.operationCacheTtlMs, request },
    (message, hint) => context.report("error", "SPEC_FETCH_FAILED", message, `/${fields.urlField}`, hint),
  );
  if (!fetched) return undefined;
  const document = parsed(context, fetched.text, { id: url, location: url });
  if (document) await fetched.store();
  return document;
}

function parsed(
  context: SpecContext,
  text: string,
  source: { id: string; location: string; dir?: string },
): SpecDocument | undefined {
  const result = parseSpec(text, source);
  if (result.document) return result.document;
  const { message, line, column } = result.problem;
  context.reportAt(
    "error",
    "SPEC_SYNTAX",
    `the document is not valid JSON or YAML: ${message}`,
    line === undefined ? { file: source.location } : { file: source.location, line, column },
    "fix the document at this position",
  );
  return undefined;
}
