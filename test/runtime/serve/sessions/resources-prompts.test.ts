/**
 * MCP resources, resource templates and prompts of an MCP unit served by `unitc serve`, namespaced
 * per unit: a real server-everything downstream over stdio, a real SDK client over Streamable HTTP. A
 * client whose serve token is limited to some units lists and reads only those units' offer.
 */
import { randomBytes } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServeToken } from "../../../../runtime/serve/auth/serve-token-admin.js";
import { ServeTokens } from "../../../../runtime/serve/auth/serve-tokens.js";
import { vaultKey } from "../../../../runtime/storage/seal.js";
import { memoryStore } from "../../../support/memory-store.js";
import { mcpProject, serverBin, stdioEntry } from "../../invoke/mcp/support.js";
import { closeAll, compileProject, connect, eventually, serve, TOKEN } from "../support.js";

/** The vault key serve-token records are MACed with. */
const vault = vaultKey(randomBytes(32));

let client: Client;
let url: string;
const store = memoryStore();
let tokens: ServeTokens;

beforeAll(async () => {
  const manifestPath = await compileProject(
    mcpProject({
      everything: stdioEntry([serverBin("server-everything"), "stdio"], { exposure: "direct" }),
      hidden: stdioEntry([serverBin("server-everything"), "stdio"], { exposure: "code_mode" }),
      other: stdioEntry([serverBin("server-everything"), "stdio"], { exposure: "direct" }),
    }),
  );
  tokens = await ServeTokens.open(store, vault, { flushEveryMs: 60_000 });
  url = (await serve({ manifestPath, env: { PATH: process.env.PATH } }, { token: TOKEN, tokens })).url;
  client = await connect(url);
}, 120_000);
afterAll(async () => {
  await closeAll();
  await tokens.close();
});

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
    expect(resources.every((r) => /^unitc:\/\/(everything|other)\//.test(r.uri))).toBe(true);
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

  it("lists and reads only its own units' resources and prompts under a scoped token", async () => {
    const { token } = await createServeToken(store, vault, { name: "docs-only", units: ["everything"] });
    await eventually(() => tokens.check(token) !== undefined);
    const scoped = await connect(url, token);
    const { resources } = await scoped.listResources();
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.every((r) => r.uri.startsWith("unitc://everything/"))).toBe(true);
    const { resourceTemplates } = await scoped.listResourceTemplates();
    expect(resourceTemplates.every((t) => t.uriTemplate.startsWith("unitc://everything/"))).toBe(true);
    const { prompts } = await scoped.listPrompts();
    expect(prompts.map((p) => p.name)).toContain("everything__args-prompt");
    expect(prompts.some((p) => p.name.startsWith("other__"))).toBe(false);
    const own = "unitc://everything/demo://resource/static/document/architecture.md";
    expect((await scoped.readResource({ uri: own })).contents[0]?.uri).toBe(own);
    const theirs = "unitc://other/demo://resource/static/document/architecture.md";
    await expect(scoped.readResource({ uri: theirs })).rejects.toThrow(/Unknown resource/);
    await expect(
      scoped.readResource({ uri: "unitc://other/demo://resource/dynamic/text/7" }),
    ).rejects.toThrow(/Unknown resource/);
    await expect(
      scoped.getPrompt({ name: "other__args-prompt", arguments: { city: "Lyon" } }),
    ).rejects.toThrow(/Unknown prompt/);
    // The operators' token still sees both units.
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toContain("other__args-prompt");
  });
});
