/** Small projects for serve tests: one unit per exposure mode, CLI actions and HTTP actions. */
import { sendJson, startHttpServer, type TestServer } from "../../support/http-server.js";
import { projectConfig } from "./support.js";

const TEXT_INPUT = {
  type: "object",
  properties: { text: { type: "string", description: "What to print" } },
  required: ["text"],
};

/** One unit per exposure mode; HTTP actions call `baseUrl`. */
export function exposureProject(baseUrl: string): Record<string, string> {
  return projectConfig({
    options: { exposure: "code_mode" },
    cliTools: {
      shell: {
        name: "Shell",
        description: "Echo text back.",
        exposure: "direct",
        tags: ["text"],
        actions: {
          echo: {
            description: "Print the text.",
            command: "echo",
            args: ["$input.text"],
            inputSchema: TEXT_INPUT,
            annotations: { readOnlyHint: true },
          },
        },
      },
      cm: {
        name: "Code only",
        description: "Reached from Code Mode only.",
        exposure: "code_mode",
        actions: { stamp: { description: "Print a fixed stamp.", command: "echo", args: ["stamp"] } },
      },
      dc: {
        name: "Both",
        description: "Direct and Code Mode.",
        exposure: "direct_and_code_mode",
        actions: { hello: { description: "Say hello.", command: "echo", args: ["hello"] } },
      },
      pc: {
        name: "Progressive too",
        description: "Progressive and Code Mode.",
        exposure: "progressive_and_code_mode",
        useWhen: "A test needs it.",
        actions: {
          upper: {
            description: "Print the text in upper case.",
            command: "echo",
            args: ["$input.text"],
            inputSchema: TEXT_INPUT,
          },
        },
      },
    },
    httpApis: {
      notes: {
        name: "Notes",
        description: "A notes service.",
        exposure: "progressive",
        tags: ["notes"],
        baseUrl,
        auth: { type: "none" },
        actions: notesActions(),
      },
    },
  });
}

/** listNotes, getNote and createNote against the test notes server. */
export function notesActions(): Record<string, unknown> {
  return {
    listNotes: {
      method: "GET",
      path: "/notes",
      description: "List notes, optionally filtered by tag.",
      query: { tag: "$input.tag" },
      inputSchema: { type: "object", properties: { tag: { type: "string" } } },
      outputSchema: {
        type: "array",
        items: {
          type: "object",
          properties: { id: { type: "string" }, title: { type: "string" } },
          required: ["id", "title"],
        },
      },
      annotations: { readOnlyHint: true },
    },
    getNote: {
      method: "GET",
      path: "/notes/{id}",
      description: "Read one note by ID.",
      inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      outputSchema: {
        type: "object",
        properties: { id: { type: "string" }, title: { type: "string" } },
        required: ["id", "title"],
      },
    },
    createNote: {
      method: "POST",
      path: "/notes",
      description: "Create a note.",
      jsonBody: { title: "$input.title", body: "$input.body" },
      inputSchema: {
        type: "object",
        properties: { title: { type: "string", minLength: 1 }, body: { type: "string" } },
        required: ["title", "body"],
      },
      outputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    },
  };
}

/** A notes service on 127.0.0.1 under /api: notes, a route answering off-schema, a slow echo. */
export async function startNotesServer(): Promise<TestServer> {
  const notes = [
    { id: "n1", title: "Shopping", tags: ["home"] },
    { id: "n2", title: "Standup", tags: ["work"] },
  ];
  return startHttpServer(async (request, res) => {
    const url = new URL(request.path, "http://127.0.0.1");
    const [, api, resource, id] = url.pathname.split("/");
    if (api !== "api") return sendJson(res, 404, { error: "no such route" });
    if (resource === "notes" && request.method === "GET" && id === undefined) {
      const tag = url.searchParams.get("tag");
      return sendJson(
        res,
        200,
        notes.filter((n) => !tag || n.tags.includes(tag)).map(({ id, title }) => ({ id, title })),
      );
    }
    if (resource === "notes" && request.method === "GET") {
      const note = notes.find((n) => n.id === id);
      return note
        ? sendJson(res, 200, { id: note.id, title: note.title })
        : sendJson(res, 404, { error: `no note ${id}` });
    }
    if (resource === "notes" && request.method === "POST") {
      const body = JSON.parse(request.body) as { title: string };
      notes.push({ id: `n${notes.length + 1}`, title: body.title, tags: [] });
      return sendJson(res, 201, { id: `n${notes.length}` });
    }
    if (resource === "broken") return sendJson(res, 200, { id: 7 });
    if (resource === "echo-auth") return sendJson(res, 500, { seen: request.headers.authorization ?? null });
    if (resource === "slow") {
      await new Promise((resolve) => setTimeout(resolve, Number(url.searchParams.get("ms") ?? 0)));
      return sendJson(res, 200, { echo: url.searchParams.get("say") });
    }
    return sendJson(res, 404, { error: "no such route" });
  });
}

/** The notes actions plus `broken` (answers off its schema) and `slow` (echoes after a delay). */
export function directNotesProject(baseUrl: string, exposure = "direct"): Record<string, string> {
  return projectConfig({
    httpApis: {
      notes: {
        name: "Notes",
        description: "A notes service.",
        exposure,
        baseUrl,
        auth: { type: "none" },
        actions: {
          ...notesActions(),
          broken: {
            method: "GET",
            path: "/broken",
            description: "Answers something else than it declares.",
            outputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
          },
          slow: {
            method: "GET",
            path: "/slow",
            description: "Echo a word after a delay.",
            query: { ms: "$input.ms", say: "$input.say" },
            inputSchema: {
              type: "object",
              properties: { ms: { type: "integer" }, say: { type: "string" } },
              required: ["ms", "say"],
            },
          },
        },
      },
    },
    cliTools: {
      shell: {
        name: "Shell",
        description: "Echo text back.",
        exposure,
        actions: {
          echo: {
            description: "Print the text.",
            command: "echo",
            args: ["$input.text"],
            inputSchema: TEXT_INPUT,
          },
          fail: {
            description: "List a folder that does not exist.",
            command: "ls",
            args: ["--", "/nonexistent-unitc-test"],
          },
        },
      },
    },
  });
}
