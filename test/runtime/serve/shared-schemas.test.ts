/**
 * A manifest stores shared schema definitions once per unit; `tools/list` must still give every
 * tool self-contained schemas: each `#/$defs/<name>` ref inside a tool's schema is defined there.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { defRefs, rootDefs } from "../../../runtime/contract/schema-defs.js";
import { compileProject, writeBundle } from "../../compiler/emit/support.js";
import { cleanupProjects, writeProject } from "../../support/project.js";
import { closeServeClients, connectServeClient } from "../../support/serve-clients.js";

afterAll(async () => {
  await closeServeClients();
  await cleanupProjects();
});

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

it("tools/list gives self-contained input and output schemas when the manifest shares them", async () => {
  const unit = (spec: string) => ({
    name: spec,
    description: `Spec ${spec}.`,
    specPath: join(ROOT, "test/fixtures/openapi", spec),
    baseUrl: "https://example.com",
    auth: { type: "none" },
  });
  const project = await writeProject({
    ".units/config.json": JSON.stringify({
      version: 1,
      options: { exposure: "direct" },
      openapiEndpoints: { client: unit("client/api.yaml"), good: unit("refs/spec/good.yaml") },
    }),
  });
  const result = await compileProject(project);
  expect(result.text).toBe("");
  const manifest = JSON.parse(result.files.get("manifest.json") as string);
  expect(manifest.units.some((u: { schemas?: object }) => u.schemas !== undefined)).toBe(true);
  writeBundle(result.outDir, result.files);
  const client = await connectServeClient("sdk2", {
    transport: "stdio",
    manifestPath: join(result.outDir, "manifest.json"),
  });
  const tools = (await client.listTools()) as Array<{
    name: string;
    inputSchema: object;
    outputSchema?: object;
  }>;
  let refs = 0;
  for (const tool of tools) {
    for (const schema of [tool.inputSchema, tool.outputSchema]) {
      if (schema === undefined) continue;
      const defined = Object.keys(rootDefs(schema as Record<string, unknown>) ?? {});
      const used = [...defRefs(schema)];
      refs += used.length;
      expect(
        used.filter((name) => !defined.includes(name)),
        tool.name,
      ).toEqual([]);
    }
  }
  expect(refs).toBeGreaterThan(0);
});
