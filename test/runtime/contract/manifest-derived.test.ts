/**
 * A format 3 or 4 manifest leaves out the operation fields the rest of the operation says, and
 * reading it gives back exactly the manifest the compiler had (key order included): on every bundle
 * under generated/, the GitHub REST and GraphQL bench bundles when they have been built, and
 * operations made to differ from what is derived. Format 2 manifests still load as they are, with nothing derived.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { manifestText } from "../../../compiler/emit/manifest-compact.js";
import {
  checkManifest,
  FULL_FIELDS_FORMAT,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestOperation,
} from "../../../runtime/contract/manifest.js";
import {
  compactOperation,
  derivedAnnotations,
  derivedParameters,
  derivedTsName,
  expandOperation,
} from "../../../runtime/contract/manifest-derived.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const GITHUB = join(ROOT, ".bench-cache/openapi-github/generated/manifest.json");
const GITHUB_GRAPHQL = join(ROOT, ".bench-cache/graphql-github/generated/manifest.json");
const bundles = [
  ...readdirSync(join(ROOT, "generated")).map((name) => join(ROOT, "generated", name, "manifest.json")),
  GITHUB,
  GITHUB_GRAPHQL,
].filter((path) => existsSync(path));

/** What every reader works with: the manifest read, each operation's schemas expanded. */
function readBack(data: unknown): unknown {
  const manifest = checkManifest(data);
  return JSON.parse(JSON.stringify(manifest));
}

/** The manifest written from `full` (a manifest as read) and read back. */
function roundTrip(full: Manifest): { written: Manifest; read: unknown } {
  const written = JSON.parse(manifestText(full)) as Manifest;
  return { written, read: readBack(written) };
}

const operation = (fields: Partial<ManifestOperation>): ManifestOperation => ({
  name: "repos/get",
  tsName: "repos_get",
  description: "Get a repository\n\nGets one.",
  inputSchema: {
    type: "object",
    properties: {
      path: {
        type: "object",
        properties: { owner: { type: "string" }, repo: { type: "string" } },
        required: ["owner", "repo"],
      },
      query: { type: "object", properties: { page: { type: "integer" } }, required: [] },
    },
    required: ["path"],
  },
  annotations: { title: "Get a repository", readOnlyHint: true },
  invoke: {
    kind: "openapi",
    method: "GET",
    path: "/repos/{owner}/{repo}",
    parameters: [
      { name: "owner", in: "path", required: true },
      { name: "repo", in: "path", required: true },
      { name: "page", in: "query", required: false },
    ],
  },
  schemaHash: "sha256:0000000000000000",
  ...fields,
});

function manifestOf(operations: ManifestOperation[]): Manifest {
  return {
    format: FULL_FIELDS_FORMAT,
    generator: "unitc",
    settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
    units: [
      {
        id: "gh",
        kind: "openapi",
        name: "GitHub",
        description: "",
        tags: [],
        exposure: "code_mode",
        shadowing: "forbid",
        connection: { kind: "openapi", baseUrl: "https://api.github.com", auth: { type: "none" } } as never,
        operations,
        sourceHash: "sha256:0",
      },
    ],
  };
}

describe("format 3 manifests", () => {
  it("covers the bundles under generated/", () => {
    expect(bundles.length).toBeGreaterThanOrEqual(8);
  });

  it.each(bundles)("%s reads back as the manifest it was written from", (path) => {
    const full = checkManifest(JSON.parse(readFileSync(path, "utf8")));
    const { read } = roundTrip(full);
    expect(JSON.stringify(read)).toBe(JSON.stringify(JSON.parse(JSON.stringify(full))));
  });

  it("leaves out what is derived and writes what differs", () => {
    const derived = operation({});
    const renamed = operation({ name: "repos/get-2", tsName: "getRepo" });
    const untitled = operation({ name: "repos/get-3", annotations: undefined });
    const reordered = operation({
      name: "repos/get-4",
      invoke: {
        ...(derived.invoke as object),
        parameters: [{ name: "page", in: "query", required: false }],
      } as never,
    });
    const { written, read } = roundTrip(manifestOf([derived, renamed, untitled, reordered]));
    const ops = written.units[0]?.operations as unknown as Array<Record<string, unknown>>;
    expect(ops[0]).not.toHaveProperty("tsName");
    expect(ops[0]).not.toHaveProperty("annotations");
    expect(ops[0]?.invoke).toEqual({ method: "GET", path: "/repos/{owner}/{repo}" });
    expect(ops[1]?.tsName).toBe("getRepo");
    expect(ops[2]?.annotations).toBeNull();
    expect((ops[3]?.invoke as { parameters?: unknown } | undefined)?.parameters).toEqual([
      { name: "page", in: "query", required: false },
    ]);
    const expected = manifestOf([derived, renamed, untitled, reordered]);
    expect(JSON.stringify(read)).toBe(JSON.stringify({ ...expected, format: FULL_FIELDS_FORMAT }));
  });

  it("reads a format 2 manifest as it is: nothing derived where fields are left out", () => {
    const bare = operation({ annotations: undefined });
    const full = manifestOf([bare]);
    const read = readBack(full) as Manifest;
    expect(read.units[0]?.operations[0]).not.toHaveProperty("annotations");
    expect(JSON.stringify(read)).toBe(JSON.stringify(full));
  });

  it("is checked again unchanged", () => {
    const { written } = roundTrip(manifestOf([operation({ annotations: undefined })]));
    const once = checkManifest(written);
    expect(once.format).toBe(FULL_FIELDS_FORMAT);
    expect(JSON.stringify(checkManifest(once))).toBe(JSON.stringify(once));
  });

  it("keeps a field it does not derive, on the lean path and on the whole-operation fallback", () => {
    const extra = { marker: ["kept"] };
    const lean = { ...operation({}), extra } as ManifestOperation;
    // Path before method: the lean operation would read back in another key order, so it is written whole.
    const { kind, method, path, parameters } = operation({}).invoke as unknown as Record<string, unknown>;
    const whole = { ...operation({ invoke: { kind, path, method, parameters } as never }), extra };
    for (const op of [lean, whole]) {
      const written = compactOperation(op, "openapi");
      expect(written.extra).toEqual(extra);
      expect(JSON.stringify(expandOperation(written, "openapi"))).toBe(JSON.stringify(op));
    }
    expect(compactOperation(whole, "openapi")).toHaveProperty("tsName");
    expect(compactOperation(lean, "openapi")).not.toHaveProperty("tsName");
  });

  it("refuses a format 3 operation that is not an object, naming the unit", () => {
    const written = {
      ...manifestOf([]),
      format: MANIFEST_FORMAT,
      units: [{ ...manifestOf([]).units[0], operations: [null] }],
    };
    expect(() => checkManifest(written)).toThrow(/unit gh: an operation is not an object/);
  });
});

describe("derived fields", () => {
  it.each([
    ["meta/root", "meta_root"],
    ["get-item", "get_item"],
    ["list$items", "list$items"],
  ])("tsName of %s is %s", (name, tsName) => {
    expect(derivedTsName(name)).toBe(tsName);
  });

  it.each([
    [
      "GET with a summary",
      "Get it\n\nMore.",
      { kind: "openapi", method: "GET" },
      { title: "Get it", readOnlyHint: true },
    ],
    [
      "a deprecated DELETE",
      "Deprecated. Drop it\n\nMore.",
      { method: "DELETE" },
      { title: "Drop it", destructiveHint: true, idempotentHint: true },
    ],
    [
      "a GraphQL mutation",
      "Add a star",
      { kind: "graphql", operationType: "mutation" },
      { title: "Add a star", readOnlyHint: false },
    ],
    ["a POST without text", "", { method: "POST" }, undefined],
    ["a CLI action", "Run it", { kind: "cli", command: "run" }, undefined],
  ])("annotations of %s", (_name, description, invoke, want) => {
    expect(derivedAnnotations(description, invoke)).toEqual(want);
  });

  it("parameters come from the input groups, a group given as a shared ref resolved", () => {
    const input = {
      type: "object",
      properties: {
        header: { type: "object", properties: { "X-Id": { type: "string" } }, required: ["X-Id"] },
        path: { $ref: "#/$defs/@1" },
      },
    };
    const shared = { "@1": { type: "object", properties: { id: { type: "string" } } } };
    expect(derivedParameters(input, shared)).toEqual([
      { name: "id", in: "path", required: true },
      { name: "X-Id", in: "header", required: true },
    ]);
  });
});
