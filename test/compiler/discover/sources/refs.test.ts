/**
 * `$ref` safety: remote URLs, `file:` URLs, absolute paths and files outside the spec's folder
 * (through `..`, percent-encoding or a symlink) are refused with a diagnostic at the `$ref`, and
 * nothing is fetched or read, by unitc or by openapi-typescript writing the unit's types; relative
 * refs inside the folder and circular schemas work.
 */

import { cp, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { startHttpServer, type TestServer } from "../../../support/http-server.js";
import { parsedManifest } from "../../../support/manifest.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { cleanupOutDirs, compileTo, configText, makeOutDir } from "../openapi/support.js";

/** Type-checking a bundle takes a while when other test files run beside this one. */
const TYPECHECK_TIMEOUT = 120_000;

const FIXTURE = join(import.meta.dirname, "../../../fixtures/openapi/refs");
const MARKER = "OUTSIDE-MARKER-9d2c";

let remote: TestServer;

beforeAll(async () => {
  remote = await startHttpServer((_request, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end("{}"),
  );
});
afterAll(() => Promise.all([remote.close(), cleanupProjects(), cleanupOutDirs()]));

/** A project holding a copy of the fixture, its unit pointing at `refs/spec/<spec>`; `extra` files are written into the copy. */
async function fixtureProject(spec: string, extra: Record<string, string> = {}): Promise<string> {
  const dir = await writeProject({
    ".units/config.json": configText({
      openapiEndpoints: {
        refs: {
          name: "Refs",
          description: "Refs.",
          specPath: `../refs/spec/${spec}`,
          auth: { type: "none" },
        },
      },
    }),
  });
  await cp(FIXTURE, join(dir, "refs"), { recursive: true });
  for (const [path, text] of Object.entries(extra)) await writeFile(join(dir, "refs", path), text);
  return dir;
}

/** Compiles `refs/spec/<spec>` of a copy of the fixture; `extra` files are written into the copy first. */
async function compileSpec(spec: string, extra: Record<string, string> = {}) {
  const dir = await fixtureProject(spec, extra);
  const outDir = await makeOutDir();
  const bundle = await compileTo(dir, outDir);
  const manifest = bundle.result.files.get("manifest.json") ?? "";
  return { ...bundle, dir, manifest };
}

const unchanged = new Map<string, ReturnType<typeof compileSpec>>();

/** One compile of an unchanged fixture spec, shared by the tests that only read its outcome. */
function compileFixture(spec: string): ReturnType<typeof compileSpec> {
  let compiled = unchanged.get(spec);
  if (!compiled) {
    compiled = compileSpec(spec);
    unchanged.set(spec, compiled);
  }
  return compiled;
}

const HINT = "  hint: copy the referenced document into the spec's folder and refer to it by a relative path";
const OUTSIDE_HINT =
  "  hint: move the referenced file into the spec's folder (or a folder below it) and use a relative path";

describe("refused $refs", () => {
  it("reports a metadata URL, a file: URL and a file outside the folder, and reads none of them", async () => {
    const { text, manifest } = await compileFixture("bad.yaml");
    expect(text).toBe(
      [
        'refs/spec/bad.yaml:14:23 error SPEC_REF_REMOTE $ref "http://169.254.169.254/latest/meta-data/iam/security-credentials/" points to a remote URL; unitc does not fetch remote $refs',
        HINT,
        'refs/spec/bad.yaml:24:23 error SPEC_REF_REFUSED $ref "file:///etc/passwd" uses the file: scheme; unitc follows only relative paths inside the spec\'s folder',
        HINT,
        'refs/spec/bad.yaml:34:23 error SPEC_REF_OUTSIDE $ref "../outside.yaml#/Secret" points outside the spec\'s folder; unitc reads no file outside it',
        OUTSIDE_HINT,
      ].join("\n"),
    );
    expect(manifest).not.toContain(MARKER);
    expect(manifest).not.toMatch(/root:/);
  });

  it("gives openapi-typescript nothing it could fetch or read: refused refs are typed unknown", async () => {
    const { result } = await compileFixture("bad.yaml");
    const specTypes = result.files.get("units/refs/spec-types.ts") ?? "";
    expect(specTypes).toContain("openapi-typescript");
    expect(specTypes).not.toContain(MARKER);
    expect(specTypes).not.toMatch(/169\.254|etc\/passwd|outside\.yaml/);
    // The three responses are `unknown`: their `$ref`s were not followed.
    expect(specTypes.match(/"application\/json": unknown;/g)).toHaveLength(3);
  });

  it("reports the refs of a Swagger 2.0 spec at their place in the original document", async () => {
    const { text, manifest } = await compileFixture("bad-swagger.json");
    expect(text).toBe(
      [
        'refs/spec/bad-swagger.json:10:63 error SPEC_REF_REMOTE $ref "https://169.254.169.254/item.json" points to a remote URL; unitc does not fetch remote $refs',
        HINT,
        'refs/spec/bad-swagger.json:11:21 error SPEC_REF_OUTSIDE $ref "/etc/passwd" points outside the spec\'s folder; unitc reads no file outside it',
        OUTSIDE_HINT,
        'refs/spec/bad-swagger.json:14:65 error SPEC_REF_OUTSIDE $ref "%2e%2e/outside.yaml#/Secret" points outside the spec\'s folder; unitc reads no file outside it',
        OUTSIDE_HINT,
      ].join("\n"),
    );
    expect(manifest).not.toContain(MARKER);
  });

  it("fetches nothing for a remote $ref, even one on a reachable server", async () => {
    const spec = `openapi: 3.0.3
info: { title: Remote, version: "1" }
servers: [{ url: "https://api.example.test" }]
paths:
  /x:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: { $ref: "${remote.url}/schema.json#/X" }
`;
    const { text } = await compileSpec("remote.yaml", { "spec/remote.yaml": spec });
    expect(text.split("\n")[0]).toBe(
      `refs/spec/remote.yaml:12:31 error SPEC_REF_REMOTE $ref "${remote.url}/schema.json#/X" points to a remote URL; unitc does not fetch remote $refs`,
    );
    expect(remote.requests).toEqual([]);
  });

  it("fetches nothing while openapi-typescript writes the types of a spec with a remote $ref", async () => {
    const spec = `openapi: 3.0.3
info: { title: Remote, version: "1" }
servers: [{ url: "https://api.example.test" }]
paths:
  /x:
    get:
      parameters:
        - $ref: "${remote.url}/parameters.json#/P"
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  x: { $ref: "${remote.url}/schema.json#/X" }
                  y: { $ref: "#/components/schemas/Y" }
components:
  schemas:
    Y: { $ref: "${remote.url}/y.json" }
`;
    const { result } = await compileSpec("remote.yaml", { "spec/remote.yaml": spec });
    const specTypes = result.files.get("units/refs/spec-types.ts") ?? "";
    expect(specTypes).toContain("x?: unknown;");
    expect(specTypes).toContain("y?: unknown;");
    expect(specTypes).not.toContain(remote.url);
    expect(remote.requests).toEqual([]);
  });

  it("refuses a symlink inside the folder that leads outside it", async () => {
    const spec = (await readFile(join(FIXTURE, "spec/good.yaml"), "utf8")).replace(
      "./schemas/pet.yaml#/Pet",
      "./link.yaml#/Secret",
    );
    const dir = await fixtureProject("good.yaml");
    await symlink(join(dir, "refs/outside.yaml"), join(dir, "refs/spec/link.yaml"));
    await writeFile(join(dir, "refs/spec/good.yaml"), spec);
    const outDir = await makeOutDir();
    const { text, result } = await compileTo(dir, outDir);
    expect(text).toBe(
      [
        'refs/spec/good.yaml:16:23 error SPEC_REF_OUTSIDE $ref "./link.yaml#/Secret" points outside the spec\'s folder; unitc reads no file outside it',
        OUTSIDE_HINT,
      ].join("\n"),
    );
    expect(result.files.get("manifest.json")).not.toContain(MARKER);
  });

  it("reports a dangling local $ref with its position", async () => {
    const spec = (await readFile(join(FIXTURE, "spec/good.yaml"), "utf8")).replace(
      '#/components/schemas/Node"\ncomponents',
      '#/components/schemas/Nope"\ncomponents',
    );
    const { text } = await compileSpec("dangling.yaml", { "spec/dangling.yaml": spec });
    expect(text).toBe(
      [
        'refs/spec/dangling.yaml:26:23 error SPEC_REF_NOT_FOUND $ref "#/components/schemas/Nope" points to nothing in dangling.yaml',
        "  hint: check the JSON pointer after # (names are case-sensitive; / is written ~1)",
      ].join("\n"),
    );
  });

  it("reports $refs that only point at each other, and a $ref to a folder", async () => {
    const spec = [
      "openapi: 3.1.0",
      "info: { title: Loops, version: '1' }",
      "servers: [{ url: https://api.example.test }]",
      "paths:",
      "  /a:",
      "    get:",
      "      operationId: getA",
      "      responses:",
      "        '200': { $ref: '#/components/responses/A' }",
      "  /b:",
      "    get:",
      "      operationId: getB",
      "      responses:",
      "        '200':",
      "          description: B.",
      "          content:",
      "            application/json:",
      "              schema: { $ref: 'schemas#/B' }",
      "components:",
      "  responses:",
      "    A: { $ref: '#/components/responses/B' }",
      "    B: { $ref: '#/components/responses/A' }",
      "",
    ].join("\n");
    const { text } = await compileSpec("loops.yaml", { "spec/loops.yaml": spec });
    expect(text).toContain("error SPEC_REF_CYCLE");
    expect(text).toContain('error SPEC_REF_UNREADABLE $ref "schemas#/B" names something that is not a file');
  });

  it("stops at 500 referenced files", async () => {
    const extra: Record<string, string> = {};
    const properties: string[] = [];
    for (let i = 0; i < 501; i += 1) {
      extra[`spec/f${i}.yaml`] = "type: string\n";
      properties.push(`                  p${i}: { $ref: 'f${i}.yaml' }`);
    }
    extra["spec/many.yaml"] = [
      "openapi: 3.1.0",
      "info: { title: Many, version: '1' }",
      "servers: [{ url: https://api.example.test }]",
      "paths:",
      "  /a:",
      "    get:",
      "      operationId: getA",
      "      responses:",
      "        '200':",
      "          description: A.",
      "          content:",
      "            application/json:",
      "              schema:",
      "                type: object",
      "                properties:",
      ...properties,
      "",
    ].join("\n");
    const { text } = await compileSpec("many.yaml", extra);
    expect(text).toContain("error SPEC_REF_LIMIT the spec refers to more than 500 files");
  });
});

describe("followed $refs", () => {
  let good: Awaited<ReturnType<typeof compileSpec>>;
  beforeAll(async () => {
    good = await compileSpec("good.yaml");
  });

  it(
    "compiles relative refs inside the folder and a circular schema without diagnostics",
    () => {
      expect(good.text).toBe("");
      expect(typecheckBundle(good.outDir)).toEqual([]);
    },
    TYPECHECK_TIMEOUT,
  );

  it("keeps a circular schema as refs into $defs, nullable as a union with null", () => {
    const manifest = parsedManifest(good.manifest);
    const tree = manifest.units[0]?.operations.find((o) => o.name === "getTree");
    expect(tree?.outputSchema).toEqual({
      $ref: "#/$defs/Node",
      $defs: {
        Node: {
          type: ["object", "null"],
          description: "A node that holds nodes.",
          properties: {
            name: { type: "string", description: "The node's name." },
            children: { type: "array", items: { $ref: "#/$defs/Node" } },
            parent: { $ref: "#/$defs/Node" },
          },
        },
      },
    });
  });

  it("brings schemas from other files into $defs, resolving refs relative to each file", () => {
    const manifest = parsedManifest(good.manifest);
    // biome-ignore lint/suspicious/noExplicitAny: the test walks the schema's nested shape directly.
    const pet = manifest.units[0]?.operations.find((o) => o.name === "getPet") as any;
    expect(Object.keys(pet.outputSchema.$defs)).toEqual(["Pet", "Tag", "Node"]);
    expect(pet.outputSchema.$defs.Tag).toEqual({ type: "string", enum: ["cat", "dog"] });
    expect(pet.inputSchema.properties.path.properties.id).toEqual({
      type: "integer",
      minimum: 1,
      description: "The pet's ID.",
    });
  });

  it("types through openapi-typescript: files' schemas become components, the cycle stays a reference", () => {
    const specTypes = good.result.files.get("units/refs/spec-types.ts") ?? "";
    expect(specTypes).toContain('children?: components["schemas"]["Node"][];');
    // pet.yaml#/Pet and tag.yaml#/Tag, copied in as components; Pet's `home` points back into the root.
    expect(specTypes).toContain('tag?: components["schemas"]["Tag"];');
    expect(specTypes).toContain('home?: components["schemas"]["Node"];');
    expect(specTypes).toContain('Tag: "cat" | "dog";');
    expect(specTypes).toContain('id: components["parameters"]["PetId"];');
    const types = good.result.files.get("units/refs/types.ts") ?? "";
    expect(types).toContain(
      'export type GetTreeOutput = $types.operations["getTree"]["responses"]["200"]["content"]["application/json"];',
    );
  });
});
