/**
 * The one build-time fetch of a document through the cache, shared by spec documents and GraphQL
 * schemas: cache first, then a real loopback server; fresh text is cached only once the caller
 * stores it, and a failed fetch is told to the caller with its hint.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchThroughCache } from "../../../../compiler/discover/sources/cached-fetch.js";
import { startHttpServer, type TestServer } from "../../../support/http-server.js";

let server: TestServer;
let cacheDir: string;
let previous: string | undefined;

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), "unitc-cached-fetch-"));
  previous = process.env.UNITC_CACHE_DIR;
  process.env.UNITC_CACHE_DIR = cacheDir;
  server = await startHttpServer((request, res) => {
    if (request.path === "/gone") return res.writeHead(404, "Not Found").end("no such document");
    res.writeHead(200, { "content-type": "text/plain" }).end(`served ${request.path}`);
  });
});
afterAll(async () => {
  if (previous === undefined) delete process.env.UNITC_CACHE_DIR;
  else process.env.UNITC_CACHE_DIR = previous;
  await Promise.all([server.close(), rm(cacheDir, { recursive: true, force: true })]);
});
beforeEach(() => {
  server.requests.length = 0;
});

const fetchOf = (path: string, kind: string) => ({
  kind,
  key: { kind, url: `${server.url}${path}` },
  ttlMs: 60_000,
  request: { url: `${server.url}${path}`, timeoutMs: 5_000, env: {} },
});

describe("fetchThroughCache", () => {
  it("caches fetched text only once the caller stores it", async () => {
    const failed = () => expect.unreachable("the fetch succeeds");
    const first = await fetchThroughCache(fetchOf("/doc", "first"), failed);
    expect(first?.text).toBe("served /doc");
    // Not stored: the text had not proved usable, so the next build asks again.
    await fetchThroughCache(fetchOf("/doc", "first"), failed);
    expect(server.requests).toHaveLength(2);
    await first?.store();
    const cached = await fetchThroughCache(fetchOf("/doc", "first"), failed);
    expect(cached?.text).toBe("served /doc");
    expect(server.requests).toHaveLength(2);
  });

  it("tells the caller why a fetch failed, with the hint, and caches nothing", async () => {
    const problems: { message: string; hint: string | undefined }[] = [];
    const fetched = await fetchThroughCache(fetchOf("/gone", "second"), (message, hint) =>
      problems.push({ message, hint }),
    );
    expect(fetched).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toContain("404");
    expect(problems[0]?.hint).toBeTruthy();
    await expect(readdir(join(cacheDir, "second"))).rejects.toThrow();
  });
});
