/**
 * The committed bundle of examples/streamable: a remote MCP server over Streamable HTTP (the
 * example's SDK server on a free port), called through one runtime session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redirectingFetch } from "../../examples/http-support.mjs";
import { startBoardServer } from "../../examples/streamable/server.mjs";
import { createUnits, type Units } from "../../generated/streamable/index.js";

let server: Awaited<ReturnType<typeof startBoardServer>>;
let units: Units;

beforeAll(async () => {
  server = await startBoardServer({ port: 0 });
  units = createUnits({ fetch: redirectingFetch({ "http://127.0.0.1:4323": server.url }) });
});
afterAll(async () => {
  await units.$runtime.close();
  await server.close();
});

describe("generated client of examples/streamable", () => {
  it("records the server's URL and transport in the manifest", () => {
    expect(units.$runtime.manifest.units[0]?.connection).toMatchObject({
      kind: "mcp",
      transport: "http",
      url: "http://127.0.0.1:4323/mcp",
    });
  });

  it("adds, moves and lists cards with structured results", async () => {
    const card = await units.board.add_card({ title: "Ship it" });
    expect(card).toMatchObject({ title: "Ship it", column: "todo" });
    await units.board.move_card({ id: card.id, column: "done" });
    const done = await units.board.list_cards({ column: "done" });
    expect(done.cards).toEqual([{ id: card.id, title: "Ship it", column: "done" }]);
  });

  it("refuses a column the tool does not know, before any request", async () => {
    // @ts-expect-error column is todo, doing or done
    await expect(units.board.list_cards({ column: "later" })).rejects.toMatchObject({
      code: "INPUT_INVALID",
    });
  });
});
