/**
 * `options.exposureDiscoveryConcurrency` bounds how many units are discovered at once. Four OpenAPI
 * units fetch their specs from a real HTTP server on 127.0.0.1 that holds each answer for a moment
 * (or until one request more than the setting allows arrives), so requests the setting lets run
 * together overlap, and a compile that ignored the setting would show more of them in flight.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hasErrors } from "../../../compiler/codes/diagnostics.js";
import { compile } from "../../../compiler/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterAll(cleanupProjects);

const SPEC = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: { "/x": { get: { operationId: "getX", responses: { "200": { description: "ok" } } } } },
});

/** A spec server that holds answers for `holdMs`, or until more than `allowed` requests wait. */
async function specServer(allowed: number, holdMs = 1000) {
  const held: ServerResponse[] = [];
  const seen = { requests: 0, inFlight: 0, most: 0 };
  const answer = (res: ServerResponse) => {
    seen.inFlight--;
    res.writeHead(200, { "content-type": "application/json" }).end(SPEC);
  };
  const server = createServer((_req, res) => {
    seen.requests++;
    seen.inFlight++;
    seen.most = Math.max(seen.most, seen.inFlight);
    held.push(res);
    const releaseAll = () => {
      for (const r of held.splice(0)) answer(r);
    };
    // The hold only shapes the overlap; nothing here measures time.
    if (held.length > allowed) releaseAll();
    else if (held.length === 1) setTimeout(releaseAll, holdMs);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((done) => server.close(done)) };
}

describe("exposureDiscoveryConcurrency", () => {
  it.each([
    ["one unit at a time", { given: 1, want: 1 }],
    ["two units at a time", { given: 2, want: 2 }],
  ])("%s", async (_name, { given, want }) => {
    const server = await specServer(given);
    try {
      const entry = (n: number) => ({
        name: `Api ${n}`,
        description: "An API.",
        specUrl: `${server.url}/spec/${n}.json`,
        operationCacheTtlMs: 0,
        auth: { type: "none" },
      });
      const dir = await writeProject({
        ".units/config.json": JSON.stringify({
          options: { exposureDiscoveryConcurrency: given },
          openapiEndpoints: { a1: entry(1), a2: entry(2), a3: entry(3), a4: entry(4) },
        }),
      });
      const result = await compile({
        projectDir: dir,
        userConfigFile: false,
        outDir: join(dir, "generated"),
      });
      expect(hasErrors(result.diagnostics)).toBe(false);
      expect(server.seen.requests).toBe(4);
      expect(server.seen.most).toBe(want);
    } finally {
      await server.close();
    }
  });
});
