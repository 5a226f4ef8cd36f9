/**
 * A server that lists its tools but fails to list what else it declares (prompts, resources): the
 * tools compile, and the missing listing is a warning naming what could not be listed, never an error
 * that drops the unit. A real child process speaking MCP over stdio.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileBundle, mcpProject } from "../../../runtime/invoke/mcp/support.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";

const RAW = new URL("../../../fixtures/mcp/raw-server.mjs", import.meta.url).pathname;

afterAll(cleanupProjects);

describe("a server whose prompts cannot be listed", () => {
  it("compiles its tools, with an MCP_LIST_INCOMPLETE warning saying what was not listed", async () => {
    const specDir = await writeProject({
      "spec.json": JSON.stringify({
        tools: [{ name: "echo", description: "Echoes.", inputSchema: { type: "object" } }],
        prompts: [],
        failing: ["prompts/list"],
      }),
    });
    const compiled = await compileBundle(
      mcpProject({
        half: {
          name: "Half",
          description: "Lists tools only.",
          command: process.execPath,
          args: [RAW, join(specDir, "spec.json")],
        },
      }),
    );
    expect(compiled.text).toMatch(
      /warning MCP_LIST_INCOMPLETE prompts could not be listed: .*method not found/i,
    );
    expect(compiled.text).not.toMatch(/ error /);
    expect(
      compiled.manifest.units.find((unit) => unit.id === "half")?.operations.map((op) => op.name),
    ).toEqual(["echo"]);
  });
});

describe("a server whose tools/list answer breaks the protocol's schema", () => {
  it("is a protocol error of the server's (MCP_PROTOCOL_ERROR), not a listing failure of unitc's", async () => {
    const specDir = await writeProject({
      "spec.json": JSON.stringify({ tools: [{ name: 5, inputSchema: { type: "object" } }] }),
    });
    const compiled = await compileBundle(
      mcpProject({
        broken: {
          name: "Broken",
          description: "Lists a tool without a name.",
          command: process.execPath,
          args: [RAW, join(specDir, "spec.json")],
        },
      }),
    );
    expect(compiled.text).toMatch(
      /error MCP_PROTOCOL_ERROR MCP server of unit "broken" could not be listed: tools\/list failed: /,
    );
    expect(compiled.text).toContain(
      "hint: report it to the server's authors; until then set disabled: true (the other units are unaffected)",
    );
    expect(compiled.manifest.units).toEqual([]);
  });
});
