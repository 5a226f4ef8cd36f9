/**
 * The bundle the agent tools and adapter tests share: an HTTP unit over the real notes server on
 * 127.0.0.1 (direct and Code Mode), one action whose input schema has a `$ref`, an enum, a union and
 * a nullable field, and a CLI unit exposed directly only (so Code Mode does not reach it).
 */
import { afterAll, beforeAll } from "vitest";
import type { TestServer } from "../../support/http-server.js";
import { notesActions, startNotesServer } from "../serve/fixtures.js";
import { closeAll, compileProject, projectConfig } from "../serve/support.js";

/** An input schema a lossy conversion would change. */
export const TAG_INPUT = {
  type: "object",
  $defs: { color: { type: "string", enum: ["red", "green"] } },
  properties: {
    id: { type: "string" },
    color: { $ref: "#/$defs/color" },
    due: { type: ["string", "null"] },
    label: { anyOf: [{ type: "string" }, { type: "integer" }] },
  },
  required: ["id", "color"],
};

/** Compiles the notes bundle against `baseUrl` (the notes server's `/api`); returns the manifest path. */
export function compileNotesBundle(baseUrl: string): Promise<string> {
  return compileProject(
    projectConfig({
      httpApis: {
        notes: {
          name: "Notes",
          description: "A notes service.",
          exposure: "direct_and_code_mode",
          baseUrl,
          auth: { type: "none" },
          actions: {
            ...notesActions(),
            tagNote: {
              method: "POST",
              path: "/notes/{id}/tags",
              description: "Tag a note with a colour.",
              jsonBody: "$input",
              inputSchema: TAG_INPUT,
            },
          },
        },
      },
      cliTools: {
        shell: {
          name: "Shell",
          description: "Echo text back.",
          exposure: "direct",
          actions: {
            echo: {
              description: "Print the text.",
              command: "echo",
              args: ["$input.text"],
              inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
            },
          },
        },
      },
    }),
  );
}

/** The notes server and its compiled bundle, as a test file's hooks start and stop them. */
export interface NotesBundle {
  notes: TestServer;
  manifestPath: string;
}

/**
 * Starts the notes server and compiles its bundle before the file's tests, and closes both after
 * them; the returned object is filled in by then.
 */
export function useNotesBundle(): NotesBundle {
  const bundle = {} as NotesBundle;
  beforeAll(async () => {
    bundle.notes = await startNotesServer();
    bundle.manifestPath = await compileNotesBundle(`${bundle.notes.url}/api`);
  });
  afterAll(async () => {
    await closeAll();
    await bundle.notes?.close();
  });
  return bundle;
}
