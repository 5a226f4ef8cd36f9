/**
 * Attack: a unit file whose YAML frontmatter holds 30,000 aliases (a 90 KB file). Each alias was
 * resolved by walking the document from the start, so loading took quadratic time (132 s). Aliases
 * are now resolved in one walk, their number is capped, and the file gets a diagnostic (file, line,
 * column, a stable code and a hint) long before any of that could take time.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../compiler/codes/diagnostics.js";
import { compile, validate } from "../../compiler/index.js";
import { MAX_YAML_ALIASES } from "../../compiler/load/parse-document.js";
import { processCpuMsOf, threadCpuMsOf } from "../support/cpu-time.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterAll(cleanupProjects);

/** A unit file: 30,000 aliases of one anchor in a flow list, about 90 KB. */
function aliasFlood(count: number): string {
  return `---\nname: &n Notes\ndescription: [${Array(count).fill("*n").join(",")}]\n---\n`;
}

describe("a unit file with 30,000 YAML aliases", () => {
  it("gets a YAML_TOO_MANY_ALIASES diagnostic in well under a second of CPU", async () => {
    const text = aliasFlood(30_000);
    expect(text.length).toBeGreaterThan(85_000);
    expect(text.length).toBeLessThan(95_000);
    const dir = await writeProject({ ".units/notes.md": text });
    // Validation's own set-up (its schemas, the first import of each module) is not what is measured.
    await validate({
      projectDir: await writeProject({ ".units/notes.md": aliasFlood(3) }),
      userConfigFile: false,
    });
    // The calling thread's CPU: validation runs on it, and the whole process's figure also counts
    // whatever else the test worker's threads are doing at the time.
    const { value: context, ms } = await threadCpuMsOf(() =>
      validate({ projectDir: dir, userConfigFile: false }),
    );
    const shown = formatDiagnostics(context.diagnostics, (file) => file.slice(dir.length + 1));
    // The first alias over the cap: `name: &n Notes` is line 2, the list is line 3.
    const column = "description: [".length + 1 + MAX_YAML_ALIASES * "*n,".length;
    expect(shown).toBe(
      `${join(".units", "notes.md")}:3:${column} error YAML_TOO_MANY_ALIASES the document uses more than ` +
        `${MAX_YAML_ALIASES} aliases (*name)\n` +
        "  hint: write the values out, or use fewer aliases",
    );
    expect(ms).toBeLessThan(1_000);
  });

  it("a document of the same size without aliases loads as usual", async () => {
    const list = Array(30_000).fill("x").join(",");
    const dir = await writeProject({
      ".units/notes.md": `---\nname: Notes\ndescription: A.\ntags: [${list}]\n---\n`,
    });
    const context = await validate({ projectDir: dir, userConfigFile: false });
    expect(context.diagnostics.filter((d) => d.code.startsWith("YAML"))).toEqual([]);
  });
});

describe("an OpenAPI spec in YAML with 20,000 anchors and aliases", () => {
  it("gets a SPEC_SYNTAX diagnostic at the first alias over the cap, in seconds of CPU", async () => {
    const anchors = Array.from({ length: 20_000 }, (_, i) => `  a${i}: &a${i} ${i}`).join("\n");
    const aliases = Array.from({ length: 20_000 }, (_, i) => `  b${i}: *a${i}`).join("\n");
    const spec = `openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\nx-anchors:\n${anchors}\nx-aliases:\n${aliases}\n`;
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({
        version: 1,
        openapiEndpoints: {
          big: {
            name: "Big",
            description: "Many aliases.",
            specPath: "api.yaml",
            baseUrl: "https://api.example.test",
            auth: { type: "none" },
          },
        },
      }),
      ".units/api.yaml": spec,
    });
    const { value: result, ms } = await processCpuMsOf(() =>
      compile({ projectDir: dir, userConfigFile: false, outDir: join(dir, "generated") }),
    );
    const shown = formatDiagnostics(result.diagnostics, (file) => file.slice(dir.length + 1));
    // Line 1–4 are the head, 20,000 anchor lines, then `x-aliases:`; alias number 1,001 is b1000.
    expect(shown).toContain(
      `${join(".units", "api.yaml")}:${4 + 20_000 + 1 + MAX_YAML_ALIASES + 1}:10 error SPEC_SYNTAX the document ` +
        `is not valid JSON or YAML: more than ${MAX_YAML_ALIASES} aliases (*name)`,
    );
    // Linear work takes about a second of CPU; quadratic took minutes. CPU time, not wall time, so
    // a loaded machine does not count against it.
    expect(ms).toBeLessThan(20_000);
  }, 120_000);
});

describe("a unit file with a map of 50,000 keys", () => {
  it("loads in seconds of CPU and reports a duplicate key at its position", async () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `  k${i}: ${i}`).join("\n");
    const text = `---\nname: Notes\ndescription: A.\nx-keys:\n${keys}\n  k7: again\n---\n`;
    const dir = await writeProject({ ".units/notes.md": text });
    const { value: context, ms } = await threadCpuMsOf(() =>
      validate({ projectDir: dir, userConfigFile: false }),
    );
    expect(formatDiagnostics(context.diagnostics, (file) => file.slice(dir.length + 1))).toBe(
      `${join(".units", "notes.md")}:${5 + 50_000}:3 error DUPLICATE_KEY Map keys must be unique\n` +
        "  hint: remove one of the two keys",
    );
    // Linear work takes about a second of CPU; quadratic took minutes.
    expect(ms).toBeLessThan(20_000);
  }, 120_000);
});
