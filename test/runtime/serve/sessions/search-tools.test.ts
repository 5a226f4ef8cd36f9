/**
 * `search_tools` through a real client: hits with unit, operation, tool name where direct, a one-line
 * description and a TypeScript signature; `defaultSearchLimit` and `maxSearchLimit`; the unit
 * filter; zero hits give a hint, not the catalogue.
 */
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directNotesProject } from "../fixtures.js";
import { closeAll, compileProject, connect, projectConfig, serve, structured, textOf } from "../support.js";

let client: Client;

beforeAll(async () => {
  const config = JSON.parse(directNotesProject("http://127.0.0.1:9/api")[".units/config.json"] as string);
  config.httpApis.notes.exposure = "progressive";
  const manifestPath = await compileProject(
    projectConfig({ ...config, defaultSearchLimit: 2, maxSearchLimit: 3 }),
  );
  client = await connect((await serve({ manifestPath })).url);
});
afterAll(closeAll);

const search = (args: Record<string, unknown>) => client.callTool({ name: "search_tools", arguments: args });
type Hit = Record<string, unknown>;

describe("search_tools", () => {
  it("gives each hit its unit, operation, tool, one-line description and signature", async () => {
    const result = await search({ query: "print text", limit: 1 });
    expect(structured(result)).toEqual({
      query: "print text",
      hits: [
        {
          unit: "shell",
          operation: "echo",
          tool: "shell__echo",
          description: "Print the text.",
          signature: "units.shell.echo(input: { text: string }): Promise<string>",
        },
      ],
    });
  });

  it("names the progressive tool for operations of progressive units", async () => {
    const hits = structured(await search({ query: "create a note" })).hits as Hit[];
    expect(hits[0]).toEqual({
      unit: "notes",
      operation: "createNote",
      unitTool: "notes",
      description: "Create a note.",
      signature: "units.notes.createNote(input: { title: string; body: string }): Promise<{ id: string }>",
    });
  });

  it("returns defaultSearchLimit hits without a limit", async () => {
    expect(structured(await search({ query: "note" })).hits as Hit[]).toHaveLength(2);
    expect(structured(await search({ query: "note", limit: 3 })).hits as Hit[]).toHaveLength(3);
  });

  it("refuses a limit above maxSearchLimit, naming the maximum", async () => {
    const result = await search({ query: "note", limit: 4 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^LIMIT_TOO_HIGH: limit 4 is above the maximum of 3 \(maxSearchLimit\)/);
  });

  it("searches one unit when asked", async () => {
    const hits = structured(await search({ query: "text echo note", unit: "shell" })).hits as Hit[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.unit === "shell")).toBe(true);
    const unknown = await search({ query: "note", unit: "nope" });
    expect(textOf(unknown)).toMatch(
      /^UNKNOWN_UNIT: no unit "nope" is served here\nhint: .*units: notes, shell$/,
    );
  });

  it("answers zero hits with an empty list and a hint, never the whole catalogue", async () => {
    const result = structured(await search({ query: "zzxqv kumquat" }));
    expect(result.hits).toEqual([]);
    expect(result.hint).toMatch(/^nothing matched; try other words .*; units: notes, shell$/);
  });

  it("finds operations by prefixes and small typos", async () => {
    const prefix = structured(await search({ query: "crea", limit: 1 })).hits as Hit[];
    expect(prefix[0]?.operation).toBe("createNote");
    const typo = structured(await search({ query: "delqy", limit: 1 })).hits as Hit[];
    expect(typo[0]?.operation).toBe("slow");
  });

  it("rejects arguments it does not know and an empty query", async () => {
    expect(textOf(await search({ query: "x", max: 2 }))).toMatch(/^ARGS_INVALID: unknown field\(s\) "max"/);
    expect(textOf(await search({ query: " " }))).toMatch(/^ARGS_INVALID: query must be a non-empty string/);
  });
});

describe("the prebuilt search index", () => {
  it("is read on the first search, not to list tools", async () => {
    const config = JSON.parse(directNotesProject("http://127.0.0.1:9/api")[".units/config.json"] as string);
    const manifestPath = await compileProject(projectConfig(config));
    // A broken index file: listing tools never notices; the first search says so and searches anyway.
    await writeFile(join(dirname(manifestPath), "search-index.json"), "{ not json");
    const served = await serve({ manifestPath });
    const own = await connect(served.url);
    expect((await own.listTools()).tools.length).toBeGreaterThan(1);
    expect(served.logs.filter((line) => line.includes("search-index.json"))).toEqual([]);
    const hits = structured(await own.callTool({ name: "search_tools", arguments: { query: "print text" } }))
      .hits as Hit[];
    expect(hits[0]).toMatchObject({ unit: "shell", operation: "echo" });
    expect(served.logs).toEqual([
      expect.stringMatching(/search-index\.json: .*building the search index in memory/),
    ]);
  });
});
