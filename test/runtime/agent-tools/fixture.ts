/**
 * The bundle the agent tools and adapter tests share: an HTTP unit over the real notes server on
 * 127.0.0.1 (direct and Code Mode), one action whose input schema has a `$ref`, an enum, a union and
 * a nullable field, and a CLI unit exposed directly only (so Code Mode does not reach it).
 */
import { notesActions } from "../serve/fixtures.js";
import { compileProject, projectConfig } from "../serve/support.js";

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
