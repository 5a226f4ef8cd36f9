/**
 * `search_tools` through a real MCP client when its best hits score low: the answer names the
 * operation groups (here an OpenAPI document's tags) of the units it found, so an agent can browse
 * instead of guessing again, and browsing a group (its name as the query) finds the operations in
 * it; a confident answer stays as it was, with no groups.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, compileProject, connect, projectConfig, serve, structured } from "../support.js";

const ok = { 200: { description: "OK" } };
const op = (operationId: string, summary: string, tag: string) => ({
  operationId,
  summary,
  tags: [tag],
  responses: ok,
});
const spec = {
  openapi: "3.0.3",
  info: { title: "Shop", version: "1" },
  servers: [{ url: "http://127.0.0.1:9" }],
  tags: [
    { name: "orders", description: "Orders shoppers place." },
    { name: "stock", description: "Warehouse inventory levels." },
    { name: "customers", description: "People who buy." },
  ],
  paths: {
    "/orders": {
      post: op("createOrder", "Create an order.", "orders"),
      get: op("listOrders", "List orders.", "orders"),
    },
    // Its own text does not say "stock": only its group does, so browsing the group finds it.
    "/levels": { get: op("listLevels", "List levels.", "stock") },
    "/customers": {
      get: op("listCustomers", "List customers.", "customers"),
      post: op("createCustomer", "Create a customer.", "customers"),
    },
  },
};

let client: Client;

beforeAll(async () => {
  const manifestPath = await compileProject({
    ...projectConfig({
      openapiEndpoints: {
        shop: {
          name: "Shop",
          description: "A shop.",
          specPath: "shop.json",
          auth: { type: "none" },
          exposure: "progressive",
        },
      },
    }),
    ".units/shop.json": JSON.stringify(spec),
  });
  client = await connect((await serve({ manifestPath })).url);
});
afterAll(closeAll);

const search = async (query: string, unit?: string) =>
  structured(
    await client.callTool({ name: "search_tools", arguments: { query, ...(unit ? { unit } : {}) } }),
  );

describe("search_tools on a low score", () => {
  it("names the unit's groups and says to browse them when the best hits score low", async () => {
    const answer = await search("people place warehouse");
    expect((answer.hits as unknown[]).length).toBeGreaterThan(0);
    expect(answer.groups).toEqual([{ unit: "shop", groups: ["orders", "stock", "customers"] }]);
    expect(answer.hint).toMatch(/score low .*browse a group/);
  });

  it("finds a group's operations when the agent follows the hint: the group's name as the query, and its unit", async () => {
    const answer = await search("people place warehouse");
    const [unit] = answer.groups as Array<{ unit: string; groups: string[] }>;
    expect(unit?.groups).toContain("stock");
    const browsed = await search("stock", unit?.unit);
    expect((browsed.hits as Array<{ operation: string }>)[0]?.operation).toBe("listLevels");
  });

  it("answers a confident query with its hits only", async () => {
    const answer = await search("create a customer");
    expect((answer.hits as Array<{ operation: string }>)[0]?.operation).toBe("createCustomer");
    expect(answer).not.toHaveProperty("groups");
    expect(answer).not.toHaveProperty("hint");
  });
});
