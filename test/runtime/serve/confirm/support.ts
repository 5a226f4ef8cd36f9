/**
 * Helpers for the confirmation tests: a notes API on 127.0.0.1 that records what reached it, a
 * project whose notes unit has destructive operations, and MCP clients of both SDK generations that
 * answer `elicitation/create` as a test says (or do not declare elicitation at all).
 */
import { Client as Client2, StreamableHTTPClientTransport as Http2 } from "@modelcontextprotocol/client";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { sendJson, startHttpServer, type TestServer } from "../../../support/http-server.js";
import type { ClientGeneration, ToolResult } from "../../../support/serve-clients.js";
import { projectConfig, TOKEN } from "../support.js";

/** How the person answers: an action, or never (the request stays open). */
export type Answer = "accept" | "decline" | "cancel" | "never";

/** One `elicitation/create` request as the client received it. */
export interface Asked {
  mode?: string;
  message: string;
  requestedSchema?: unknown;
}

/** A connected client and the confirmation requests it was sent. */
export interface ConfirmClient {
  asked: Asked[];
  callTool(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

/** A notes API under /api that records every request (deleting a note removes it). */
export async function startNotesApi(): Promise<TestServer> {
  const notes = new Map([
    ["n1", "Shopping"],
    ["n2", "Standup"],
    ["n3", "Holidays"],
  ]);
  return startHttpServer((request, res) => {
    const [, api, resource, id] = new URL(request.path, "http://127.0.0.1").pathname.split("/");
    if (api !== "api" || resource !== "notes") return sendJson(res, 404, { error: "no such route" });
    if (request.method === "GET")
      return sendJson(
        res,
        200,
        [...notes].map(([key, title]) => ({ id: key, title })),
      );
    if (request.method === "DELETE" && id !== undefined) {
      notes.delete(id);
      return sendJson(res, 200, { deleted: id });
    }
    if (request.method === "POST" && id !== undefined) return sendJson(res, 200, { archived: id });
    if (request.method === "POST") return sendJson(res, 201, { id: "n9" });
    return sendJson(res, 404, { error: "no such route" });
  });
}

const ID_INPUT = { type: "object", properties: { id: { type: "string", minLength: 1 } }, required: ["id"] };

/**
 * A notes unit (direct and Code Mode) with `confirm` as given: `deleteNote` is an HTTP DELETE,
 * `archiveNote` a POST its annotations call destructive, `createNote` and `listNotes` neither.
 */
export function notesProject(baseUrl: string, confirm: unknown): Record<string, string> {
  return projectConfig({
    httpApis: {
      notes: {
        name: "Notes",
        description: "A notes service.",
        exposure: "direct_and_code_mode",
        ...(confirm !== undefined ? { confirm } : {}),
        baseUrl,
        auth: { type: "none" },
        actions: {
          listNotes: {
            method: "GET",
            path: "/notes",
            description: "List notes.",
            annotations: { readOnlyHint: true },
          },
          deleteNote: {
            method: "DELETE",
            path: "/notes/{id}",
            description: "Delete a note.",
            inputSchema: ID_INPUT,
          },
          archiveNote: {
            method: "POST",
            path: "/notes/{id}",
            description: "Archive a note.",
            inputSchema: ID_INPUT,
            annotations: { destructiveHint: true },
          },
          createNote: {
            method: "POST",
            path: "/notes",
            description: "Create a note.",
            jsonBody: { title: "$input.title" },
            inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
          },
        },
      },
    },
  });
}

/** What an answer sends back; `never` waits until the client closes. */
function reply(answer: Answer, closed: Promise<void>) {
  if (answer === "never") return closed.then(() => ({ action: "cancel" as const }));
  return Promise.resolve(
    answer === "accept" ? { action: "accept" as const, content: {} } : { action: answer },
  );
}

/**
 * A client of `generation` on the HTTP serve at `url`. With `answer` it declares form elicitation and
 * answers every confirmation so; without, it declares no elicitation at all.
 */
export async function connectConfirmClient(
  generation: ClientGeneration,
  url: string,
  answer?: Answer,
): Promise<ConfirmClient> {
  const info = { name: `confirm-${generation}`, version: "1.0.0" };
  const capabilities = answer === undefined ? {} : { elicitation: { form: {} } };
  const requestInit = { headers: { Authorization: `Bearer ${TOKEN}` } };
  const asked: Asked[] = [];
  let close!: () => void;
  const closed = new Promise<void>((resolve) => {
    close = resolve;
  });
  const record = (params: Record<string, unknown>) => {
    asked.push({
      ...(typeof params.mode === "string" ? { mode: params.mode } : {}),
      message: String(params.message),
      requestedSchema: params.requestedSchema,
    });
    return reply(answer as Answer, closed);
  };
  if (generation === "sdk1") {
    const sdk = new Client1(info, { capabilities });
    if (answer !== undefined) sdk.setRequestHandler(ElicitRequestSchema, (request) => record(request.params));
    await sdk.connect(new Http1(new URL(url), { requestInit }));
    return {
      asked,
      callTool: async (name, args = {}) => (await sdk.callTool({ name, arguments: args })) as ToolResult,
      close: async () => {
        close();
        await sdk.close();
      },
    };
  }
  const sdk = new Client2(info, { capabilities });
  if (answer !== undefined) {
    sdk.setRequestHandler("elicitation/create", (request) =>
      record(request.params as Record<string, unknown>),
    );
  }
  await sdk.connect(new Http2(new URL(url), { requestInit }));
  return {
    asked,
    callTool: async (name, args = {}) => (await sdk.callTool({ name, arguments: args })) as ToolResult,
    close: async () => {
      close();
      await sdk.close();
    },
  };
}
