/**
 * Attack: text built to make a regular expression backtrack (runs of capitals, long runs of
 * separators that do not reach the end, alternations of both) freezes the event loop. A
 * `search_tools` query or `units.search` of 64 Ki capitals blocked serve for 11–14 s, and an OpenAPI
 * description of 256 KiB capitals took a minute to compile. Every tokenizer and every function that
 * runs a regular expression over spec or agent text must stay linear: 64 KiB in well under 100 ms
 * of CPU, and 4 times the input never costs much more than 4 times the CPU time. CPU time, not wall
 * time, so a busy machine does not fail the test; bench/hostile-text.mjs prints the wall-clock figures.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDiagnostics, hasErrors } from "../../compiler/codes/diagnostics.js";
import {
  docComment,
  identifierWithSuffix,
  pascalCase,
  sanitizeIdentifier,
  sanitizeMemberName,
  stringLiteral,
} from "../../compiler/emit/literal.js";
import { compile } from "../../compiler/index.js";
import { buildSearchIndex, SearchIndex, summarize } from "../../runtime/search/index.js";
import { termsOf } from "../../runtime/search/index-terms.js";
import { MAX_QUERY_LENGTH } from "../../runtime/search/query-limits.js";
import { splitWords } from "../../runtime/search/split-words.js";
import { cleanText } from "../../runtime/serve/shared/catalog.js";
import { isSlash, isUnderscore, trimWhere } from "../../runtime/shared/trim.js";
import { exposureProject } from "../runtime/serve/fixtures.js";
import { closeAll, compileProject, connect, errorOf, serve, structured } from "../runtime/serve/support.js";
import { leastCpuMsInTurns, leastCpuMsOf, processCpuMsOf } from "../support/cpu-time.js";
import { writeProject } from "../support/project.js";

const KIB = 1024;
/** CPU time allowed for 64 KiB of input, per function. */
const BUDGET_MS = 100;

/** Pieces that make regular expressions over names and prose backtrack when repeated. */
const PIECES = [
  "A",
  "a",
  "0",
  "-",
  "_",
  "/",
  " ",
  "$",
  "é",
  "\u{1F600}",
  "*/",
  "\u200B",
  "{",
  "\n",
  "aB",
  "Ab",
];

/** A pattern of runs, repeated until it is `size` characters long. */
const patterns = fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 4 * KIB })), {
  minLength: 1,
  maxLength: 4,
});

function fill(pattern: ReadonlyArray<readonly [string, number]>, size: number): string {
  const unit = pattern.map(([piece, run]) => piece.repeat(run)).join("");
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** Fails unless `run` takes 64 KiB within budget and grows about linearly from 16 KiB. */
function expectLinear(name: string, text: (size: number) => string, run: (text: string) => unknown): void {
  const small = text(16 * KIB);
  const large = text(64 * KIB);
  run(text(KIB)); // compiled by the JIT before anything is timed
  // Linear: 4× the input, about 4× the time; quadratic would be 16×. Below half the budget, garbage
  // collection and timer granularity make the times too noisy to compare.
  const bound = (smallMs: number) => Math.max(8 * smallMs, BUDGET_MS / 2);
  const [smallMs = 0, largeMs = 0] = leastCpuMsInTurns(
    [() => run(small), () => run(large)],
    ([s = 0, l = 0]) => l >= BUDGET_MS || l >= bound(s),
  );
  expect(largeMs, `${name} on 64 KiB took ${largeMs.toFixed(1)} ms`).toBeLessThan(BUDGET_MS);
  expect(largeMs, `${name}: 16 KiB ${smallMs.toFixed(1)} ms, 64 KiB ${largeMs.toFixed(1)} ms`).toBeLessThan(
    bound(smallMs),
  );
}

const TARGETS: Record<string, (text: string) => unknown> = {
  splitWords,
  termsOf,
  summarize,
  cleanText: (text) => cleanText(text, text.length),
  trimUnderscores: (text) => trimWhere(text, isUnderscore),
  trimSlashes: (text) => trimWhere(text, isSlash, "end"),
  sanitizeIdentifier,
  sanitizeMemberName,
  pascalCase,
  identifierWithSuffix: (text) => identifierWithSuffix("Base", text),
  docComment,
  stringLiteral,
  buildSearchIndex: (text) =>
    buildSearchIndex({
      units: [
        {
          id: "u",
          name: "U",
          description: "A unit.",
          tags: [],
          operations: [
            { name: "op", tsName: "op", description: text, inputSchema: { properties: { [text]: {} } } },
          ],
        },
      ],
    }),
};

describe("every tokenizer and regular expression over untrusted text is linear", () => {
  it.each(Object.entries(TARGETS))(
    "%s: known worst cases",
    (name, run) => {
      expectLinear(`${name} (capitals)`, (size) => "A".repeat(size), run);
      expectLinear(`${name} (inner run of -)`, (size) => `a${"-".repeat(size - 2)}a`, run);
      expectLinear(`${name} (inner run of _)`, (size) => `a${"_".repeat(size - 2)}a`, run);
      expectLinear(`${name} (inner run of /)`, (size) => `${"/".repeat(size - 1)}a`, run);
    },
    120_000,
  );

  it.each(Object.entries(TARGETS))(
    "%s: generated runs and alternations",
    (name, run) => {
      fc.assert(
        fc.property(patterns, (pattern) => expectLinear(name, (size) => fill(pattern, size), run)),
        { seed: 20_260_914, numRuns: 12 },
      );
      // Generous: CPU time is what the test bounds; the wall clock only bounds a hang.
    },
    120_000,
  );

  it("a query of the longest accepted length is answered quickly", () => {
    const index = SearchIndex.build({
      units: [
        {
          id: "notes",
          name: "Notes",
          description: "A notes service.",
          tags: [],
          operations: [
            { name: "listNotes", tsName: "listNotes", description: "List notes.", inputSchema: {} },
          ],
        },
      ],
    });
    for (const query of ["A".repeat(MAX_QUERY_LENGTH), "aB-".repeat(MAX_QUERY_LENGTH / 3)]) {
      expect(leastCpuMsOf(() => index.query(query, 5))).toBeLessThan(BUDGET_MS);
    }
  });
});

describe("search over MCP with 64 Ki capitals", () => {
  let url: string;

  beforeAll(async () => {
    const manifestPath = await compileProject(exposureProject("http://127.0.0.1:9/api"));
    url = (await serve({ manifestPath, env: { PATH: process.env.PATH } })).url;
  });
  afterAll(closeAll);

  // That the loop is never frozen is what the CPU-time tests above hold; here, the answers themselves.
  it("search_tools answers QUERY_TOO_LONG, and a concurrent ping is answered", async () => {
    const client = await connect(url);
    const search = client.callTool({ name: "search_tools", arguments: { query: "A".repeat(64 * KIB) } });
    await expect(client.ping()).resolves.toEqual({});
    const result = await search;
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: "QUERY_TOO_LONG" });
  });

  it("a query of the longest accepted length, all capitals, is searched", async () => {
    const client = await connect(url);
    const result = await client.callTool({
      name: "search_tools",
      arguments: { query: "A".repeat(MAX_QUERY_LENGTH) },
    });
    expect(result.isError).toBeFalsy();
  });

  it("units.search in Code Mode refuses 64 Ki capitals with QUERY_TOO_LONG", async () => {
    const client = await connect(url);
    const code =
      'try { await units.search("A".repeat(65536)); return "searched"; } catch (e) { return (e as { code: string }).code; }';
    const result = await client.callTool({ name: "code_mode", arguments: { code } });
    expect(structured(result)).toMatchObject({ ok: true, value: "QUERY_TOO_LONG" });
  });
});

describe("compiling a spec with 256 KiB of capitals in its text", () => {
  it("takes seconds of CPU, not a minute", async () => {
    const capitals = "A".repeat(256 * KIB);
    const underscores = `a${"_".repeat(64 * KIB)}a`;
    const spec = {
      openapi: "3.1.0",
      info: { title: capitals, version: "1" },
      paths: {
        "/items": {
          get: {
            operationId: `list${underscores}`,
            description: capitals,
            responses: {
              "200": {
                description: capitals,
                content: { "application/json": { schema: { $ref: `#/components/schemas/${underscores}` } } },
              },
            },
          },
        },
      },
      components: { schemas: { [underscores]: { type: "object", description: capitals } } },
    };
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({
        version: 1,
        openapiEndpoints: {
          big: {
            name: "Big",
            description: capitals,
            specPath: "api.json",
            baseUrl: "https://api.example.test",
            auth: { type: "none" },
          },
        },
      }),
      ".units/api.json": JSON.stringify(spec),
    });
    const { value: result, ms } = await processCpuMsOf(() =>
      compile({ projectDir: dir, userConfigFile: false, outDir: `${dir}/generated` }),
    );
    expect(hasErrors(result.diagnostics), formatDiagnostics(result.diagnostics)).toBe(false);
    expect(ms).toBeLessThan(20_000);
  }, 120_000);
});
