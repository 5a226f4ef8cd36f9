/**
 * Authors' search hints: a query that misses, a hint added where the team writes its units, and the
 * query hits. Hints are given on an HTTP action (`searchHints`) and, for operations a spec
 * describes, in the unit's `searchHints` map; a map key that names no operation is
 * SEARCH_HINTS_UNKNOWN_OPERATION at its line and column.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/index.js";
import { SearchIndex } from "../../../runtime/search/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterAll(cleanupProjects);

const actions = (hints?: string[]) => ({
  chat_postMessage: {
    description: "Sends a message to a conversation.",
    method: "POST",
    path: "/chat.postMessage",
    ...(hints ? { searchHints: hints } : {}),
  },
  reminders_add: { description: "Creates a reminder.", method: "POST", path: "/reminders.add" },
  calls_add: { description: "Registers a new call.", method: "POST", path: "/calls.add" },
});

const spec = {
  openapi: "3.0.3",
  info: { title: "Pay", version: "1" },
  servers: [{ url: "https://pay.example" }],
  paths: {
    "/setup_intents": {
      post: {
        operationId: "PostSetupIntents",
        summary: "Create a SetupIntent.",
        responses: { 200: { description: "OK" } },
      },
    },
    "/charges": {
      post: {
        operationId: "PostCharges",
        summary: "Create a charge.",
        responses: { 200: { description: "OK" } },
      },
    },
  },
};

async function compiled(config: Record<string, unknown>) {
  const dir = await writeProject({
    ".units/pay.json": JSON.stringify(spec),
    ".units/config.json": JSON.stringify(config, null, 2),
  });
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir: join(dir, "out") });
  const text = result.files.get("search-index.json");
  return { result, index: text === undefined ? undefined : SearchIndex.load(JSON.parse(text)) };
}

const chat = (hints?: string[]) => ({
  httpApis: {
    chat: {
      name: "Chat",
      description: "Team chat.",
      baseUrl: "https://chat.example/api",
      auth: { type: "none" },
      actions: actions(hints),
    },
  },
});

const pay = (searchHints?: Record<string, string[]>) => ({
  openapiEndpoints: {
    pay: {
      name: "Pay",
      description: "Payments.",
      specPath: "pay.json",
      auth: { type: "none" },
      ...(searchHints ? { searchHints } : {}),
    },
  },
});

const top = (index: SearchIndex | undefined, query: string, n = 3) =>
  (index?.query(query, n) ?? []).map((hit) => hit.operation);

describe("search hints", () => {
  it("an HTTP action's hints make a query that missed find it", async () => {
    const before = await compiled(chat());
    expect(top(before.index, "holler at the crew", 1)).not.toEqual(["chat_postMessage"]);
    const after = await compiled(chat(["holler at the crew", "tell the team"]));
    expect(after.result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(top(after.index, "holler at the crew", 1)).toEqual(["chat_postMessage"]);
    expect(top(after.index, "tell the team", 1)).toEqual(["chat_postMessage"]);
  });

  it("a unit's searchHints map gives hints to operations a spec describes, and the manifest keeps them", async () => {
    const query = "save a card for later without charging it";
    const before = await compiled(pay());
    expect(top(before.index, query, 1)).not.toEqual(["PostSetupIntents"]);
    const after = await compiled(pay({ PostSetupIntents: ["save a card for later"] }));
    expect(top(after.index, query, 1)).toEqual(["PostSetupIntents"]);
    const manifest = JSON.parse(after.result.files.get("manifest.json") as string);
    const op = manifest.units[0].operations.find((o: { name: string }) => o.name === "PostSetupIntents");
    expect(op.searchHints).toEqual(["save a card for later"]);
  });

  it("a key naming no operation is SEARCH_HINTS_UNKNOWN_OPERATION at its line and column", async () => {
    const { result } = await compiled(pay({ PostSetupIntent: ["save a card"] }));
    const found = result.diagnostics.filter((d) => d.code === "SEARCH_HINTS_UNKNOWN_OPERATION");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: "warning",
      message: expect.stringContaining('"PostSetupIntent"'),
      hint: expect.stringContaining("PostSetupIntents"),
    });
    expect(found[0]?.file).toMatch(/config\.json$/);
    expect(found[0]?.line).toBeGreaterThan(1);
    expect(found[0]?.column).toBeGreaterThan(1);
  });
});
