/**
 * The spec's own grouping text reaches search: an OpenAPI document's top-level `tags` (description,
 * `x-displayName`) and a discovery document's resources are written once per unit in the manifest,
 * each operation names its group, and a query that only the group's text answers finds the operation.
 * A document that tags nothing is grouped by the resources its paths name.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/index.js";
import type { Manifest } from "../../../runtime/contract/manifest.js";
import { SearchIndex } from "../../../runtime/search/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterAll(cleanupProjects);

const ok = { 200: { description: "OK" } };
const spec = {
  openapi: "3.0.3",
  info: { title: "Shop", version: "1" },
  servers: [{ url: "https://shop.example" }],
  tags: [
    { name: "marks", "x-displayName": "Bookmarks", description: "Saved wishlists that shoppers keep." },
    { name: "stock", description: "Warehouse inventory levels." },
  ],
  paths: {
    "/marks": { post: { operationId: "addMark", summary: "Add a mark.", tags: ["marks"], responses: ok } },
    "/marks/{id}": {
      delete: {
        operationId: "dropMark",
        summary: "Drop a mark.",
        tags: ["marks"],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: ok,
      },
    },
    "/levels": {
      get: { operationId: "listLevels", summary: "List levels.", tags: ["stock"], responses: ok },
    },
  },
};

/** No tags: its groups are the resources its paths name after the segment they all share. */
const bare = {
  openapi: "3.0.3",
  info: { title: "Bill", version: "1" },
  servers: [{ url: "https://bill.example" }],
  paths: {
    "/v1/payers": { get: { operationId: "listPayers", summary: "List payers.", responses: ok } },
    "/v1/payers/{id}/cards": {
      post: {
        operationId: "addCard",
        summary: "Add a card.",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: ok,
      },
    },
    "/v1/bills": { post: { operationId: "sendBill", summary: "Send a bill.", responses: ok } },
    "/v1": { get: { operationId: "status", summary: "Service status.", responses: ok } },
  },
};

/** No tags, and its paths name one resource (and a part of it): nothing to browse by. */
const single = {
  openapi: "3.0.3",
  info: { title: "Pets", version: "1" },
  servers: [{ url: "https://pets.example" }],
  paths: {
    "/pets": { get: { operationId: "listPets", summary: "List pets.", responses: ok } },
    "/pets/{id}/labels": {
      put: {
        operationId: "setLabels",
        summary: "Replace a pet's labels.",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: ok,
      },
    },
  },
};

const discovery = {
  kind: "discovery#restDescription",
  name: "pix",
  version: "v1",
  rootUrl: "https://pix.example/",
  servicePath: "v1/",
  resources: {
    albums: {
      description: "Photo collections a person curates.",
      methods: {
        insert: { id: "pix.albums.insert", path: "albums", httpMethod: "POST", description: "Insert." },
      },
    },
  },
};

async function compiled(): Promise<{ manifest: Manifest; index: SearchIndex }> {
  const dir = await writeProject({
    ".units/shop.json": JSON.stringify(spec),
    ".units/pix.json": JSON.stringify(discovery),
    ".units/bare.json": JSON.stringify(bare),
    ".units/single.json": JSON.stringify(single),
    ".units/config.json": JSON.stringify({
      openapiEndpoints: {
        shop: { name: "Shop", description: "A shop.", specPath: "shop.json", auth: { type: "none" } },
        bare: { name: "Bill", description: "Bills.", specPath: "bare.json", auth: { type: "none" } },
        single: { name: "Pets", description: "Pets.", specPath: "single.json", auth: { type: "none" } },
      },
      vendorDiscoveryApis: {
        pix: { name: "Pix", description: "Pictures.", discoveryPath: "pix.json", auth: { type: "none" } },
      },
    }),
  });
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir: join(dir, "out") });
  const manifest = result.files.get("manifest.json");
  const index = result.files.get("search-index.json");
  if (manifest === undefined || index === undefined)
    throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
  return { manifest: JSON.parse(manifest), index: SearchIndex.load(JSON.parse(index)) };
}

describe("operation groups", async () => {
  const { manifest, index } = await compiled();
  const unit = (id: string) => manifest.units.find((u) => u.id === id);

  it("writes an OpenAPI unit's tags once, and each operation names its own", () => {
    expect(unit("shop")?.groups).toEqual([
      { name: "marks", title: "Bookmarks", description: "Saved wishlists that shoppers keep." },
      { name: "stock", description: "Warehouse inventory levels." },
    ]);
    expect(unit("shop")?.operations.map((op) => [op.name, op.group])).toEqual([
      ["addMark", "marks"],
      ["dropMark", "marks"],
      ["listLevels", "stock"],
    ]);
  });

  it("writes a discovery unit's resources as its groups", () => {
    expect(unit("pix")?.groups).toEqual([
      { name: "albums", description: "Photo collections a person curates." },
    ]);
    expect(unit("pix")?.operations[0]?.group).toBe("albums");
  });

  it("finds an operation by its group's description and display name", () => {
    expect(index.query("wishlists", 3).map((hit) => hit.operation)).toContain("addMark");
    expect(index.query("bookmarks", 3).map((hit) => hit.operation)).toContain("dropMark");
    expect(index.query("warehouse inventory", 1)[0]?.operation).toBe("listLevels");
    expect(index.query("photo collections", 1)[0]?.operation).toBe("pix.albums.insert");
  });

  it("lists a unit's group names", () => {
    expect(index.groupNames("shop")).toEqual(["marks", "stock"]);
  });

  it("groups an OpenAPI unit that tags nothing by the resources its paths name", () => {
    expect(unit("bare")?.groups).toEqual([{ name: "payers" }, { name: "bills" }]);
    expect(unit("bare")?.operations.map((op) => [op.name, op.group])).toEqual([
      ["listPayers", "payers"],
      ["addCard", "payers"],
      ["sendBill", "bills"],
      ["status", undefined],
    ]);
    expect(index.groupNames("bare")).toEqual(["payers", "bills"]);
  });

  it("leaves an untagged OpenAPI unit ungrouped when its paths name fewer than two resources", () => {
    expect(unit("single")?.groups).toBeUndefined();
    expect(unit("single")?.operations.map((op) => op.group)).toEqual([undefined, undefined]);
  });
});
