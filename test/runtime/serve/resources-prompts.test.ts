/**
 * MCP resources, resource templates and prompts of an MCP unit served by `unitc serve`, namespaced
 * per unit: a real server-everything downstream over stdio, a real SDK client over Streamable HTTP.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpProject, serverBin, stdioEntry } from "../invoke/mcp/support.js";
import { closeAll, compileProject, connect, serve } from "./support.js";

let client: Client;

beforeAll(async () => {
  const manifestPath = await compileProject(
    mcpProject({
      everything: stdioEntry([serverBin("server-everything"), "stdio"], { exposure: "direct" }),
      hidden: stdioEntry([serverBin("server-everything"), "stdio"], { exposure: "code_mode" }),
    }),
  );
  client = await connect((await serve({ manifestPath, env: { PATH: process.env.PATH } })).url);
}, 120_000);
afterAll(closeAll);

describe("serve: MCP resources and prompts", () => {
  it("announces the resources and prompts capabilities", () => {
    expect(client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {} });
  });

  it("lists a unit's resources under unitc://<unit>/, and none of a unit without a direct or progressive part", async () => {
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(
      expect.objectContaining({
        uri: "unitc://everything/demo://resource/static/document/architecture.md",
        mimeType: "text/markdown",
      }),
    );
    expect(resources.every((r) => r.uri.startsWith("unitc://everything/"))).toBe(true);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain(
      "unitc://everything/demo://resource/dynamic/text/{resourceId}",
    );
  });

  it("reads a resource from the downstream server, its URI kept in the served namespace", async () => {
    const uri = "unitc://everything/demo://resource/static/document/architecture.md";
    const { contents } = await client.readResource({ uri });
    expect(contents[0]?.uri).toBe(uri);
    expect((contents[0] as { text?: string }).text?.length).toBeGreaterThan(0);
  });

  it("reads a resource a served template expands to", async () => {
    const { contents } = await client.readResource({
      uri: "unitc://everything/demo://resource/dynamic/text/7",
    });
    expect((contents[0] as { text?: string }).text).toContain("7");
  });

  it("refuses a URI outside the served units", async () => {
    for (const uri of [
      "demo://resource/static/document/architecture.md",
      "unitc://hidden/demo://resource/static/document/architecture.md",
      "unitc://nobody/x",
    ]) {
      await expect(client.readResource({ uri })).rejects.toThrow(/Unknown resource/);
    }
  });

  it("lists prompts as <unit>__<prompt> and gets one with its arguments from the downstream", async () => {
    const { prompts } = await client.listPrompts();
    const names = prompts.map((p) => p.name);
    expect(names).toContain("everything__args-prompt");
    expect(names.some((n) => n.startsWith("hidden__"))).toBe(false);
    expect(prompts.find((p) => p.name === "everything__args-prompt")?.arguments).toContainEqual(
      expect.objectContaining({ name: "city", required: true }),
    );
    const got = await client.getPrompt({ name: "everything__args-prompt", arguments: { city: "Lyon" } });
    expect(JSON.stringify(got.messages)).toContain("Lyon");
    await expect(client.getPrompt({ name: "args-prompt" })).rejects.toThrow(/Unknown prompt/);
  });
});
