/**
 * A unit set's `defaultSearchLimit` and `maxSearchLimit` apply to its children when a search is
 * scoped to one of them (`search_tools` with `unit`, a progressive tool's search and list); the
 * bundle's own limits apply elsewhere. Through a real client over Streamable HTTP.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll, compileProject, connect, errorOf, serve, structured } from "./support.js";

let client: Client;

const action = (description: string) => ({ description, command: "echo", args: [description] });
const tools = (prefix: string) => ({
  name: `${prefix} tools`,
  description: `Echo tools of ${prefix}.`,
  exposure: "progressive",
  actions: Object.fromEntries(
    ["alpha", "beta", "gamma", "delta"].map((n) => [`${n}Note`, action(`Print the ${n} note.`)]),
  ),
});

beforeAll(async () => {
  const manifestPath = await compileProject({
    ".units/config.json": JSON.stringify({
      version: 1,
      defaultSearchLimit: 3,
      maxSearchLimit: 4,
      cliTools: { home: tools("home") },
      unitSets: {
        team: {
          name: "Team",
          description: "The team's units.",
          configPath: "../team/config.json",
          defaultSearchLimit: 1,
          maxSearchLimit: 2,
        },
      },
    }),
    "team/config.json": JSON.stringify({ version: 1, cliTools: { ops: tools("ops") } }),
  });
  client = await connect((await serve({ manifestPath })).url);
});
afterAll(closeAll);

const hits = (result: unknown) => (structured(result).hits as unknown[]).length;
const search = (args: Record<string, unknown>) => client.callTool({ name: "search_tools", arguments: args });

describe("unit-set search limits", () => {
  it("apply to search_tools scoped to a child of the set", async () => {
    expect(hits(await search({ query: "note", unit: "team__ops" }))).toBe(1);
    expect(hits(await search({ query: "note", unit: "team__ops", limit: 2 }))).toBe(2);
    const above = await search({ query: "note", unit: "team__ops", limit: 3 });
    expect(above.isError).toBe(true);
    expect(errorOf(above)).toMatchObject({ message: expect.stringContaining("maximum of 2") });
  });

  it("leave the bundle's limits for other units and unscoped searches", async () => {
    expect(hits(await search({ query: "note", unit: "home" }))).toBe(3);
    expect(hits(await search({ query: "note", limit: 4 }))).toBe(4);
  });

  it("apply to the child's progressive tool", async () => {
    const call = (args: Record<string, unknown>) => client.callTool({ name: "team__ops", arguments: args });
    expect(hits(await call({ operation: "search", query: "note" }))).toBe(1);
    const listed = structured(await call({ operation: "list" }));
    expect((listed.operations as unknown[]).length).toBe(2);
    expect(listed.nextCursor).toEqual(expect.any(String));
  });
});
