/**
 * A document fetched at build time through the build cache, the one way spec documents and GraphQL
 * schemas are fetched: the cache first, else `fetchSpecText`; fresh text goes into the cache only
 * when the caller stores it, once it proved usable, so a broken document is asked for again next time.
 */
import { readCachedSpec, writeCachedSpec } from "./cache.js";
import { fetchSpecText, SpecFetchError, type SpecRequest } from "./fetch.js";

/** What to fetch and where its copy is cached. */
export interface CachedFetch {
  /** The cache folder: `openapi`, `discovery`, `graphql`. */
  kind: string;
  /** What tells cached copies apart (the URL, a request body, the credentials sent). */
  key: unknown;
  ttlMs: number;
  request: SpecRequest;
}

/** Text from the cache or the network. */
export interface FetchedText {
  text: string;
  /** Puts freshly fetched text into the cache (nothing to do for text read from it). */
  store(): Promise<void>;
}

/** The document's text; undefined once `failed` has been told why the fetch failed. */
export async function fetchThroughCache(
  fetch: CachedFetch,
  failed: (message: string, hint: string | undefined) => void,
): Promise<FetchedText | undefined> {
  const cached = await readCachedSpec(fetch.kind, fetch.key, fetch.ttlMs);
  if (cached !== undefined) return { text: cached, store: async () => undefined };
  let text: string;
  try {
    text = await fetchSpecText(fetch.request);
  } catch (error) {
    const fetchError = error instanceof SpecFetchError ? error : undefined;
    failed(fetchError?.message ?? String(error), fetchError?.hint);
    return undefined;
  }
  return { text, store: () => writeCachedSpec(fetch.kind, fetch.key, fetch.request.url, text, fetch.ttlMs) };
}
