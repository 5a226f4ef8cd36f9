/**
 * An operation's description is written once in the bundle: whole in the manifest (what the
 * runtime reads for tools, search and `units.describe`), and only its opening paragraph in the
 * typed client's doc comment (what an editor shows on hover). Every reader still gets the whole
 * text: the manifest, and `units.describe` in Code Mode.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkManifest } from "../../../runtime/contract/manifest.js";
import { createRuntime } from "../../../runtime/index.js";
import { Bridge } from "../../../runtime/sandbox/bridge.js";
import { loadDeclarations } from "../../../runtime/sandbox/declarations/declarations.js";
import { cleanupProjects, openapiSpecsProject } from "../../support/project.js";
import { compileProject, readTree, writeBundle } from "./support.js";

const SUMMARY = "List the repository's webhooks.";
const BODY =
  "Lists webhooks for a repository. `last response` may return null if there have not been any deliveries within 30 days.";
const NOTE = "OAuth app tokens and personal access tokens (classic) need the `read:repo_hook` scope.";

const SPEC = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Hooks", version: "1" },
  servers: [{ url: "https://hooks.example.test" }],
  paths: {
    "/hooks": {
      get: {
        operationId: "listHooks",
        summary: SUMMARY,
        description: `${BODY}\n\n${NOTE}`,
        responses: {
          "200": { description: "OK", content: { "application/json": { schema: { type: "array" } } } },
        },
      },
    },
    "/hooks/{id}": {
      delete: {
        operationId: "deleteHook",
        summary: "Delete a webhook.",
        description: "Deletes a webhook and its deliveries.",
        deprecated: true,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "204": { description: "Deleted" } },
      },
    },
  },
});

afterAll(cleanupProjects);

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("an operation's description in the bundle", () => {
  it("is whole in the manifest once, its opening alone in the typed client, whole in units.describe", async () => {
    const project = await openapiSpecsProject({ hooks: SPEC });
    const result = await compileProject(project);
    expect(result.text).toBe("");
    writeBundle(result.outDir, result.files);
    const tree = readTree(result.outDir);
    for (const part of [BODY, NOTE]) {
      const where = [...tree].filter(([, text]) => text.includes(part)).map(([path]) => path);
      expect(where, part).toEqual(["manifest.json"]);
      expect(occurrences(tree.get("manifest.json") as string, part), part).toBe(1);
    }
    const types = tree.get("units/hooks/types.ts") as string;
    expect(types).toContain(`  /** ${SUMMARY} */\n  listHooks(input?: ListHooksInput)`);
    // A deprecated operation keeps its tag where editors read it.
    expect(types).toContain(
      "  /**\n   * Deprecated. Delete a webhook.\n   *\n   * @deprecated\n   */\n  deleteHook(",
    );

    const manifest = checkManifest(JSON.parse(tree.get("manifest.json") as string));
    const listHooks = manifest.units[0]?.operations.find(
      (op: { tsName: string }) => op.tsName === "listHooks",
    );
    expect(listHooks?.description).toBe(`${SUMMARY}\n\n${BODY}\n\n${NOTE}`);

    const runtime = createRuntime({ manifest, baseDir: result.outDir, env: {} });
    try {
      const bridge = new Bridge(runtime, () => loadDeclarations(result.outDir));
      const describe = async (operation: string) =>
        JSON.parse(await bridge.handle(JSON.stringify({ kind: "describe", unit: "hooks", operation })));
      const listed = await describe("listHooks");
      expect(listed.ok).toBe(true);
      expect(listed.value).toContain(
        [
          "    /**",
          `     * ${SUMMARY}`,
          "     *",
          `     * ${BODY}`,
          "     *",
          `     * ${NOTE}`,
          "     */",
          "    listHooks(input?: ListHooksInput): Promise<ListHooksOutput>;",
        ].join("\n"),
      );
      // A bundle written before (the whole description in types.ts too) is described the same way.
      const types = join(result.outDir, "units/hooks/types.ts");
      const opening = `  /** ${SUMMARY} */\n  listHooks(`;
      const whole = `  /**\n   * ${SUMMARY}\n   *\n   * ${BODY}\n   *\n   * ${NOTE}\n   */\n  listHooks(`;
      writeFileSync(types, readFileSync(types, "utf8").replace(opening, whole));
      expect(readFileSync(types, "utf8")).toContain(whole);
      const before = new Bridge(runtime, () => loadDeclarations(result.outDir));
      const answer = JSON.parse(
        await before.handle(JSON.stringify({ kind: "describe", unit: "hooks", operation: "listHooks" })),
      );
      expect(answer).toEqual(listed);
      const deleted = await describe("deleteHook");
      expect(deleted.value).toContain(
        "     * Deletes a webhook and its deliveries.\n     *\n     * @deprecated\n     */\n    deleteHook(",
      );
    } finally {
      await runtime.close();
    }
  });
});
