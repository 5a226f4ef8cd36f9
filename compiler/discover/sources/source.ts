/**
 * Where a spec document comes from: a local file (`specPath`, `discoveryPath`, resolved against the
 * file that declares it) or a URL (`specUrl`, `discoveryUrl`) fetched at build time and cached for
 * `operationCacheTtlMs`. The unit's credentials go only to a URL on `baseUrl`'s origin. Problems
 * become diagnostics; nothing is thrown.
 */
import { readFile, stat } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import type { AuthConfig } from "../../../runtime/manifest.js";
import { recordInput } from "../../incremental/inputs.js";
import { defsDefault } from "../../resolve/defaults.js";
import type { DiscoverContext } from "../types.js";
import { readCachedSpec, writeCachedSpec } from "./cache.js";
import { fetchSpecText, MAX_SPEC_BYTES, SpecFetchError, sameOrigin } from "./fetch.js";
import { parseSpec, type SpecDocument } from "./parse.js";

type Data = Record<string, unknown>;

/** The backend fields naming the document of one backend kind. */
export interface SpecFields {
  /** Cache folder name and wording: `openapi`, `discovery`. */
  kind: string;
  pathField: string;
  urlField: string;
}

/** Loads and parses the unit's document; undefined (with diagnostics) when there is none to use. */
export async function loadSpecSource(
  context: DiscoverContext,
  fields: SpecFields,
): Promise<SpecDocument | undefined> {
  const backend = context.unit.backend as Data;
  const path = backend[fields.pathField];
  if (typeof path === "string") return fromFile(context, fields, resolve(context.unit.baseDir, path));
  const url = backend[fields.urlField];
  if (typeof url !== "string") return undefined;
  return fromUrl(context, fields, url);
}

async function fromFile(
  context: DiscoverContext,
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
    text = await readFile(file, "utf8");
    recordInput(file, text);
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
  context: DiscoverContext,
  fields: SpecFields,
  url: string,
): Promise<SpecDocument | undefined> {
  const backend = context.unit.backend as Data;
  const auth = (backend.auth as AuthConfig | undefined) ?? { type: "none" };
  // Credentials go to the API's own origin only: a document elsewhere is fetched without them.
  const sendAuth = typeof backend.baseUrl === "string" && sameOrigin(url, backend.baseUrl);
  const key = { kind: fields.kind, url, auth: sendAuth ? auth : null };
  const ttl =
    (backend.operationCacheTtlMs as number | undefined) ??
    defsDefault<number>("operationCacheFields", "operationCacheTtlMs");
  const cached = await readCachedSpec(fields.kind, key, ttl);
  let text = cached;
  if (text === undefined) {
    try {
      text = await fetchSpecText({
        url,
        ...(sendAuth ? { auth } : {}),
        timeoutMs:
          (backend.requestTimeoutMs as number | undefined) ??
          defsDefault<number>("remoteRequestFields", "requestTimeoutMs"),
        env: process.env,
      });
    } catch (error) {
      const fetchError = error instanceof SpecFetchError ? error : undefined;
      const message = fetchError?.message ?? String(error);
      context.report("error", "SPEC_FETCH_FAILED", message, `/${fields.urlField}`, fetchError?.hint);
      return undefined;
    }
  }
  const document = parsed(context, text, { id: url, location: url });
  if (document && cached === undefined) await writeCachedSpec(fields.kind, key, url, text, ttl);
  return document;
}

function parsed(
  context: DiscoverContext,
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
