/**
 * Shared schema definitions are stored once per unit in manifest.json, and reading the manifest
 * gives back exactly the self-contained schemas the compiler had: each operation's schemaHash (the
 * hash of its expanded schemas) still matches, for every emit golden and the OpenAPI fixture specs.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { manifestText, shareUnitSchemas } from "../../../compiler/emit/manifest-compact.js";
import { contentHash } from "../../../compiler/shared/canonical.js";
import { checkManifest, type Manifest, type ManifestUnit } from "../../../runtime/contract/manifest.js";
import { cleanupProjects, writeProject } from "../../support/project.js";
import { compileProject } from "./support.js";

afterAll(cleanupProjects);

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const EMIT = join(ROOT, "test/fixtures/emit");

/** A project with one OpenAPI unit per spec file, each exposed directly. */
async function openapiProject(specs: Record<string, string>): Promise<string> {
  const openapiEndpoints = Object.fromEntries(
    Object.entries(specs).map(([id, path]) => [
      id,
      {
        name: id,
        description: `Spec ${id}.`,
        specPath: join(ROOT, path),
        baseUrl: "https://example.com",
        auth: { type: "none" },
      },
    ]),
  );
  return writeProject({ ".units/config.json": JSON.stringify({ version: 1, openapiEndpoints }) });
}

/** Every operation's schemaHash, recomputed from the schemas a reader gets back. */
function expandedHashesMatch(text: string): { checked: number; shared: number } {
  const manifest = checkManifest(JSON.parse(text));
  let checked = 0;
  for (const unit of manifest.units) {
    expect(unit.schemas).toBeUndefined();
    for (const op of unit.operations) {
      const hash = contentHash({ input: op.inputSchema, output: op.outputSchema ?? null });
      expect(hash, `${unit.id}.${op.name}`).toBe(op.schemaHash);
      checked++;
    }
  }
  const raw = JSON.parse(text) as Manifest;
  const shared = raw.units.reduce((n, unit) => n + Object.keys(unit.schemas ?? {}).length, 0);
  return { checked, shared };
}

describe("shared schemas in manifest.json", () => {
  it("read back equal to the compiled schemas for every emit golden", async () => {
    let shared = 0;
    for (const name of readdirSync(EMIT)) {
      const result = await compileProject(join(EMIT, name, "project"));
      const text = result.files.get("manifest.json");
      expect(text, name).toBeDefined();
      shared += expandedHashesMatch(text as string).shared;
    }
    expect(shared).toBeGreaterThan(0);
  });

  it("read back equal to the compiled schemas for the OpenAPI fixture specs", async () => {
    const project = await openapiProject({
      client: "test/fixtures/openapi/client/api.yaml",
      good: "test/fixtures/openapi/refs/spec/good.yaml",
    });
    const result = await compileProject(project);
    expect(result.text).toBe("");
    const text = result.files.get("manifest.json") as string;
    const { checked, shared } = expandedHashesMatch(text);
    expect(checked).toBeGreaterThan(3);
    expect(shared).toBeGreaterThan(0);
    // Each shared definition is written once: no operation keeps a copy in its own $defs.
    for (const unit of (JSON.parse(text) as Manifest).units) {
      for (const op of unit.operations) {
        const own = Object.keys(((op.inputSchema as { $defs?: object }).$defs ?? {}) as object);
        expect(own.filter((n) => unit.schemas?.[n] !== undefined)).toEqual([]);
      }
    }
  });

  const op = (name: string, inputSchema: Record<string, unknown>) => ({
    name,
    tsName: name,
    description: "",
    inputSchema,
    invoke: { kind: "mcp" as const, tool: name, result: "callToolResult" as const },
    schemaHash: contentHash({ input: inputSchema, output: null }),
  });
  const unit = (operations: ReturnType<typeof op>[]): ManifestUnit => ({
    id: "u",
    kind: "mcp",
    name: "U",
    description: "",
    tags: [],
    exposure: "direct",
    shadowing: "forbid",
    connection: { kind: "unitSet" },
    operations,
    sourceHash: "sha256:0",
  });
  const refTo = (name: string) => ({ type: "object", properties: { x: { $ref: `#/$defs/${name}` } } });

  it("keeps a definition whose content differs, an unreached one, and never fills a dangling ref", () => {
    const original = unit([
      op("a", { ...refTo("Item"), $defs: { Item: { type: "string" }, Unused: { type: "null" } } }),
      op("b", { ...refTo("Item"), $defs: { Item: { type: "number" } } }),
      op("c", { ...refTo("Item"), $defs: { Item: { type: "string" } } }),
      op("d", refTo("Gone")),
      op("e", { ...refTo("Gone"), $defs: { Gone: { type: "boolean" } } }),
    ]);
    const shared = shareUnitSchemas(original);
    expect(shared.schemas).toEqual({ Item: { type: "string" } });
    expect(shared.operations.map((o) => o.inputSchema)).toEqual([
      { ...refTo("Item"), $defs: { Unused: { type: "null" } } },
      { ...refTo("Item"), $defs: { Item: { type: "number" } } },
      refTo("Item"),
      refTo("Gone"),
      { ...refTo("Gone"), $defs: { Gone: { type: "boolean" } } },
    ]);
    const manifest: Manifest = { format: 2, generator: "unitc", settings: SETTINGS, units: [original] };
    expect(checkManifest(JSON.parse(manifestText(manifest))).units).toEqual([original]);
  });

  it("still reads format 1 and 3 manifests, and names a newer format with a hint to recompile", () => {
    const old = { format: 1, generator: "unitc", settings: SETTINGS, units: [unit([op("a", refTo("X"))])] };
    expect(checkManifest(old)).toEqual(old);
    const written = JSON.parse(manifestText({ ...old, format: 2 } as Manifest));
    expect(checkManifest({ ...written, format: 3 })).toEqual({ ...old, format: 2 });
    expect(() => checkManifest({ ...old, format: 6 })).toThrow(
      /format 6, this runtime reads formats 1, 2, 3, 4, 5/,
    );
  });

  it("writes one line per operation and per shared definition, flush left, indented above them", async () => {
    const result = await compileProject(join(EMIT, "openapi-petstore", "project"));
    const lines = (result.files.get("manifest.json") as string).split("\n");
    const manifest = JSON.parse(lines.join("\n")) as Manifest;
    const [petstore] = manifest.units as [ManifestUnit];
    expect(lines.filter((l) => l.startsWith('{"name":'))).toHaveLength(petstore.operations.length);
    for (const name of Object.keys(petstore.schemas ?? {})) {
      expect(lines.some((l) => l.startsWith(`${JSON.stringify(name)}: {`))).toBe(true);
    }
    // Only the entries and the manifest's own braces start a line; a unit's other fields stay indented.
    const flush = lines.filter((l) => l !== "" && !l.startsWith(" "));
    expect(flush).toHaveLength(petstore.operations.length + Object.keys(petstore.schemas ?? {}).length + 2);
    expect(lines).toContain('      "operations": [');
    // The connection's fields, at the same depth as the operations, keep their indent.
    expect(lines.some((l) => /^ {8}"baseUrl"/.test(l))).toBe(true);
  });
});

const SETTINGS = { defaultSearchLimit: 20, maxSearchLimit: 50 };
