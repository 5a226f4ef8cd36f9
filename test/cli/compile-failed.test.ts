/**
 * A compile with errors never deletes committed output. test/fixtures/compile-failed/project holds two
 * units: notes (HTTP actions) and pets (an OpenAPI spec fetched from a real loopback server). After a
 * good compile the server is stopped, so the spec URL is unreachable: a compile then writes nothing
 * (every file stays byte for byte), and `--partial` writes notes while keeping pets' files.
 */
import { cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { runUnitc } from "../support/cli.js";
import { startHttpServer, type TestServer } from "../support/http-server.js";
import { cleanupProjects, writeProject } from "../support/project.js";

const FIXTURE = join(import.meta.dirname, "../fixtures/compile-failed");

let server: TestServer;
let dir: string;
let specUrl: string;
/** Every file of the output folder after the good compile. */
let good: Map<string, Buffer>;

async function snapshot(folder: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => relative(folder, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(join(folder, f))] as const)));
}

const compile = (...more: string[]) =>
  runUnitc(["compile", "--project", dir, "--out", join(dir, "out"), "--user-config", "none", ...more], dir);

/** The diagnostics expected of a compile with the server stopped, for this run's URL. */
async function expectedDiagnostics(): Promise<string> {
  const text = await readFile(join(FIXTURE, "expected-diagnostics.txt"), "utf8");
  return text.replaceAll("SPEC_URL", specUrl).replaceAll("SPEC_HOST", new URL(specUrl).host);
}

/** The same paths, each with the same bytes. */
function expectSameFiles(actual: Map<string, Buffer>, expected: Map<string, Buffer>, only = ""): void {
  const paths = (files: Map<string, Buffer>) => [...files.keys()].filter((p) => p.startsWith(only));
  expect(paths(actual)).toEqual(paths(expected));
  for (const path of paths(expected))
    expect(Buffer.compare(actual.get(path) as Buffer, expected.get(path) as Buffer), path).toBe(0);
}

const manifestOf = (files: Map<string, Buffer>) =>
  JSON.parse(files.get("manifest.json")?.toString("utf8") ?? "null") as Manifest;

beforeAll(async () => {
  const spec = await readFile(join(FIXTURE, "specs/pets.yaml"), "utf8");
  server = await startHttpServer((_request, res) => {
    res.writeHead(200, { "content-type": "application/yaml" }).end(spec);
  });
  specUrl = `${server.url}/pets.yaml`;
  dir = await writeProject({});
  await cp(join(FIXTURE, "project"), dir, { recursive: true });
  const pets = join(dir, ".units/pets.md");
  await writeFile(pets, (await readFile(pets, "utf8")).replace("SPEC_URL", specUrl));
  const first = await compile();
  expect(first.code, first.stdout + first.stderr).toBe(0);
  good = await snapshot(join(dir, "out"));
  expect([...good.keys()]).toContain("units/pets/index.ts");
  await server.close();
});
afterAll(cleanupProjects);

describe("unitc compile when a unit's spec URL is unreachable", () => {
  it("exits 1 with the error's place, writes nothing and says the last output was kept", async () => {
    const result = await compile();
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(await expectedDiagnostics());
    expect(result.stderr).toBe(
      "compiled 1 unit (1 operation), but the project has errors: nothing written; " +
        "kept the last output in out (--partial writes the units that compiled)\n",
    );
    expectSameFiles(await snapshot(join(dir, "out")), good);
  });

  it("with --partial, writes the units that compiled and keeps the failed unit's previous files", async () => {
    const notes = join(dir, ".units/notes.md");
    await writeFile(notes, (await readFile(notes, "utf8")).replace("A notes service.", "Notes, edited."));
    const plain = await compile();
    expect(plain.code).toBe(1);
    expectSameFiles(await snapshot(join(dir, "out")), good);

    const result = await compile("--partial");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(await expectedDiagnostics());
    expect(result.stderr).toMatch(
      /^compiled 1 unit \(1 operation\) to out: \d+ written, \d+ unchanged, 0 removed; kept the previous output of 1 unit that failed: pets\n$/,
    );
    const after = await snapshot(join(dir, "out"));
    expect([...after.keys()]).toEqual([...good.keys()]);
    expectSameFiles(after, good, "units/pets/");
    expectSameFiles(after, good, ".code-mode/units/pets.d.ts");
    expect(after.get("units/notes/index.ts")?.toString()).toContain("Notes, edited.");
    const [before, now] = [manifestOf(good), manifestOf(after)];
    // The kept entry is the previous one whole: defaulted exposure, catalog icon and runtime needs too.
    expect(before.units.find((u) => u.id === "pets")).toMatchObject({
      exposureDefaulted: true,
      catalog: { icon: expect.stringMatching(/pets\.svg$/) },
      runtime: { features: ["browser"] },
    });
    expect(now.units.find((u) => u.id === "pets")).toEqual(before.units.find((u) => u.id === "pets"));
    expect(now.units.find((u) => u.id === "notes")?.description).toBe("Notes, edited.");
    expect(after.get("index.ts")?.toString()).toContain("./units/pets/");
    expect(after.get(".code-mode/units.d.ts")?.toString()).toContain("./units/pets.d.ts");
  });
});

describe("unitc compile --partial when a unit file stops validating", () => {
  const unit = (id: string, baseUrl: string) =>
    `---\nname: ${id}\ndescription: The ${id} service.\nhttpApi:\n  baseUrl: ${baseUrl}\n  auth: { type: none }\n  actions:\n    list: { method: GET, path: /list }\n---\n`;

  it("keeps the invalid unit's previous files, and drops a unit whose file was removed", async () => {
    dir = await writeProject({
      ".units/a.md": unit("a", "http://127.0.0.1:9/a"),
      ".units/b.md": unit("b", "http://127.0.0.1:9/b"),
      ".units/c.md": unit("c", "http://127.0.0.1:9/c"),
    });
    expect((await compile()).code).toBe(0);
    const before = await snapshot(join(dir, "out"));
    await writeFile(join(dir, ".units/b.md"), unit("b", "42"));
    await rm(join(dir, ".units/c.md"));

    const result = await compile("--partial");
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^\.units\/b\.md:5:12 error [A-Z_]+ /);
    expect(result.stderr).toMatch(/; kept the previous output of 1 unit that failed: b\n$/);
    const after = await snapshot(join(dir, "out"));
    expectSameFiles(after, before, "units/a/");
    expectSameFiles(after, before, "units/b/");
    expect([...after.keys()].filter((path) => path.startsWith("units/c/"))).toEqual([]);
    expect(manifestOf(after).units.map((u) => u.id)).toEqual(["a", "b"]);
  });
});

describe("unitc compile --partial when one entry of a config stops validating", () => {
  const entry = (id: string, baseUrl: string, description = `The ${id} service.`) => ({
    name: id,
    description,
    baseUrl,
    auth: { type: "none" },
    actions: { list: { method: "GET", path: "/list" } },
  });
  const config = (entries: Record<string, unknown>) => `${JSON.stringify({ httpApis: entries }, null, 2)}\n`;

  it("keeps that entry's previous files and compiles the config's other entries", async () => {
    dir = await writeProject({
      ".units/config.json": config({
        a: entry("a", "http://127.0.0.1:9/a"),
        b: entry("b", "http://127.0.0.1:9/b"),
      }),
    });
    expect((await compile()).code).toBe(0);
    const before = await snapshot(join(dir, "out"));
    await writeFile(
      join(dir, ".units/config.json"),
      config({
        a: entry("a", "http://127.0.0.1:9/a", "The a service, edited."),
        b: entry("b", "42"),
        c: entry("c", "http://127.0.0.1:9/c"),
      }),
    );

    const result = await compile("--partial");
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^\.units\/config\.json:\d+:\d+ error [A-Z_]+ /);
    expect(result.stderr).toMatch(/; kept the previous output of 1 unit that failed: b\n$/);
    const after = await snapshot(join(dir, "out"));
    expectSameFiles(after, before, "units/b/");
    const units = manifestOf(after).units;
    expect(units.map((u) => u.id)).toEqual(["a", "b", "c"]);
    expect(units.find((u) => u.id === "a")?.description).toBe("The a service, edited.");
  });
});
