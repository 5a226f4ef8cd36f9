/**
 * A schema that many operations repeat word for word (GitHub's `owner` and `repo` path parameters,
 * its paging query) is written once in manifest.json, and every reader (the whole manifest, one
 * operation's slice through manifest-offsets.json, `tools/list`) gets each operation's schema back
 * exactly as the compiler had it, the repeated part inline where it stood.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentHash } from "../../../compiler/shared/canonical.js";
import { checkManifest, type Manifest } from "../../../runtime/contract/manifest.js";
import { readManifestIndex } from "../../../runtime/contract/manifest-slice.js";
import { SearchIndex } from "../../../runtime/search/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";
import { closeServeClients, connectServeClient } from "../../support/serve-clients.js";
import { compileProject, writeBundle } from "./support.js";

afterAll(async () => {
  await closeServeClients();
  await cleanupProjects();
});

const OWNER = "The account owner of the repository, a long description every operation repeats.";
const PAGE = "The page number of the results to fetch, another description said in every operation.";

/** An OpenAPI spec whose operations all take the same `owner` path and `page` query parameters. */
function spec(operations: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) {
    paths[`/repos/{owner}/thing${i}`] = {
      get: {
        operationId: `get-thing-${i}`,
        summary: `Get thing ${i}`,
        parameters: [
          { name: "owner", in: "path", required: true, description: OWNER, schema: { type: "string" } },
          { name: "page", in: "query", description: PAGE, schema: { type: "integer", default: 1 } },
        ],
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/thing" } } },
          },
        },
      },
    };
  }
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Things", version: "1" },
    paths,
    components: {
      schemas: {
        thing: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } },
      },
    },
  });
}

async function compileThings(exposure: string) {
  const project = await writeProject({
    "spec.json": spec(6),
    ".units/config.json": JSON.stringify({
      version: 1,
      options: { exposure },
      openapiEndpoints: {
        things: {
          name: "Things",
          description: "Things API.",
          specPath: "../spec.json",
          baseUrl: "https://example.com",
          auth: { type: "none" },
        },
      },
    }),
  });
  const result = await compileProject(project);
  expect(result.text).toBe("");
  return result;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("schemas repeated across operations", () => {
  it("are written once in manifest.json and read back inline, equal to the compiled schemas", async () => {
    const result = await compileThings("direct");
    const text = result.files.get("manifest.json") as string;
    expect(occurrences(text, OWNER)).toBe(1);
    expect(occurrences(text, PAGE)).toBe(1);
    const manifest = checkManifest(JSON.parse(text));
    const [unit] = manifest.units;
    expect(unit?.operations).toHaveLength(6);
    for (const op of unit?.operations ?? []) {
      expect(contentHash({ input: op.inputSchema, output: op.outputSchema ?? null }), op.name).toBe(
        op.schemaHash,
      );
      // Inline where it stood: a reader sees no reference to the stored copy.
      expect(JSON.stringify(op.inputSchema)).toContain(OWNER);
      expect(JSON.stringify(op.inputSchema)).not.toContain("$ref");
    }
  });

  it("are read inline by the search index the compile writes", async () => {
    const result = await compileThings("direct");
    const index = SearchIndex.load(JSON.parse(result.files.get("search-index.json") as string));
    const terms = (JSON.parse(result.files.get("search-index.json") as string) as { terms: string[] }).terms;
    expect(terms).toContain("owner");
    expect(terms).toContain("page");
    for (const doc of index.documents) expect(doc.signature).not.toContain("@");
  });

  it("are read back inline from one operation's slice of the manifest", async () => {
    const result = await compileThings("direct");
    writeBundle(result.outDir, result.files);
    const index = readManifestIndex(join(result.outDir, "manifest.json"));
    expect(index).toBeDefined();
    const whole = checkManifest(JSON.parse(result.files.get("manifest.json") as string));
    const sliced = checkManifest(index?.slice("things", "get-thing-4")) as Manifest;
    const op = sliced.units[0]?.operations[0];
    const expected = whole.units[0]?.operations.find((o) => o.name === "get-thing-4");
    expect(op?.inputSchema).toEqual(expected?.inputSchema);
    expect(JSON.stringify(op?.inputSchema)).toContain(PAGE);
  });

  it("reach tools/list inline, with their descriptions", async () => {
    const result = await compileThings("direct");
    writeBundle(result.outDir, result.files);
    const client = await connectServeClient("sdk2", {
      transport: "stdio",
      manifestPath: join(result.outDir, "manifest.json"),
    });
    const listed = (await client.listTools()) as Array<{ name: string; inputSchema: object }>;
    const tools = listed.filter((tool) => /thing/.test(tool.name));
    expect(tools).toHaveLength(6);
    for (const tool of tools) {
      const schema = JSON.stringify(tool.inputSchema);
      expect(schema, tool.name).toContain(OWNER);
      expect(schema, tool.name).toContain(PAGE);
      expect(schema, tool.name).not.toContain("$ref");
    }
  });
});
