#!/usr/bin/env node
// A small MCP server over Streamable HTTP, built on the MCP SDK: a task board with three tools
// (add_card, list_cards, move_card) answering with structured content. Each MCP session gets its own
// server over one shared board. Run directly it listens on 127.0.0.1:4323/mcp (the unit's url);
// `npm run examples`, the tests and the demo start it in-process on a free port.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { McpServer } from "@modelcontextprotocol/server";
import * as z from "zod";
import { listen, sendJson } from "../http-support.mjs";

const COLUMNS = ["todo", "doing", "done"];
const Card = z.object({ id: z.string(), title: z.string(), column: z.enum(COLUMNS) });

/** One MCP server instance over `board` (the cards, shared by every session). */
function boardServer(board) {
  const server = new McpServer({ name: "unitc-example-board", version: "1.0.0" });
  const answer = (value) => ({
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value,
  });
  server.registerTool(
    "add_card",
    {
      description: "Adds a card to a column of the board (todo unless given).",
      inputSchema: z.object({ title: z.string().min(1), column: z.enum(COLUMNS).optional() }),
      outputSchema: Card,
    },
    ({ title, column }) => {
      const card = { id: `c${board.length + 1}`, title, column: column ?? "todo" };
      board.push(card);
      return answer(card);
    },
  );
  server.registerTool(
    "list_cards",
    {
      description: "Lists the cards of the board, or of one column.",
      inputSchema: z.object({ column: z.enum(COLUMNS).optional() }),
      outputSchema: z.object({ cards: z.array(Card) }),
      annotations: { readOnlyHint: true },
    },
    ({ column }) => answer({ cards: board.filter((c) => column === undefined || c.column === column) }),
  );
  server.registerTool(
    "move_card",
    {
      description: "Moves a card to another column.",
      inputSchema: z.object({ id: z.string(), column: z.enum(COLUMNS) }),
      outputSchema: Card,
    },
    ({ id, column }) => {
      const card = board.find((c) => c.id === id);
      if (!card) return { content: [{ type: "text", text: `no card ${id}` }], isError: true };
      card.column = column;
      return answer(card);
    },
  );
  return server;
}

/** Starts the board on /mcp; resolves to `{ url, close }` (`url` is the origin). */
export async function startBoardServer({ port = 4323 } = {}) {
  const board = [{ id: "c1", title: "Write the release notes", column: "doing" }];
  const sessions = new Map();
  const server = createServer(async (request, response) => {
    if (new URL(request.url ?? "/", "http://127.0.0.1").pathname !== "/mcp")
      return sendJson(response, 404, { error: "the MCP endpoint is /mcp" });
    const id = request.headers["mcp-session-id"];
    if (typeof id === "string") {
      const transport = sessions.get(id);
      if (transport) return transport.handleRequest(request, response);
      return sendJson(response, 404, {
        jsonrpc: "2.0",
        error: { code: -32001, message: "Session not found" },
        id: null,
      });
    }
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => sessions.set(sessionId, transport),
    });
    transport.onclose = () => sessions.delete(transport.sessionId);
    await boardServer(board).connect(transport);
    await transport.handleRequest(request, response);
  });
  return listen(server, port);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startBoardServer();
  console.log(`board on ${server.url}/mcp (Ctrl-C stops it)`);
}
