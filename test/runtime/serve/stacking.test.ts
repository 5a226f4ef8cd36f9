/**
 * Stacking (`upstreamUrl`): two runtimes on loopback, the local one an MCP client of the upstream.
 * One case per shadowing value, namespace aliases, and an upstream that is unreachable at first.
 */
import { createHash } from "node:crypto";
import { createServer } from "node:net";
import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import {
  closeAll,
  compileProject,
  connect,
  eventually,
  projectConfig,
  serve,
  structured,
  TOKEN,
  textOf,
} from "./support.js";

afterEach(closeAll);

/** A CLI unit whose one action `who` prints `answer`. */
function echoUnit(name: string, answer: string, shadowing = "forbid") {
  return {
    name,
    description: `${name} unit.`,
    exposure: "direct",
    shadowing,
    actions: { who: { description: `Say who serves ${name}.`, command: "echo", args: [answer] } },
  };
}

async function upstreamBundle(shadowing: string): Promise<string> {
  return compileProject(
    projectConfig({
      cliTools: { shared: echoUnit("shared", "org", shadowing), orgonly: echoUnit("orgonly", "org") },
    }),
  );
}

async function localBundle(): Promise<string> {
  return compileProject(
    projectConfig({
      cliTools: { shared: echoUnit("shared", "team"), teamonly: echoUnit("teamonly", "team") },
    }),
  );
}

const env = { PATH: process.env.PATH };

/** Serves the upstream and a local instance stacked on it; returns a client of the local one. */
async function stack(shadowing: string, aliases?: Record<string, unknown>) {
  const upstream = await serve({ manifestPath: await upstreamBundle(shadowing), env });
  const local = await serve({
    manifestPath: await localBundle(),
    env,
    upstream: { url: upstream.url, token: TOKEN },
    ...(aliases ? { aliases } : {}),
  });
  await local.host.ready();
  return { upstream, local, client: await connect(local.url) };
}

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);
const who = async (client: Client, tool: string) =>
  textOf(await client.callTool({ name: tool, arguments: {} })).trim();
const hash4 = (identity: string) => createHash("sha256").update(identity).digest("hex").slice(0, 4);

describe("stacking on an upstream", () => {
  it("forbid: the upstream unit keeps its ID and the local one is withheld", async () => {
    const { local, client } = await stack("forbid");
    expect(await names(client)).toEqual(["search_tools", "orgonly__who", "shared__who", "teamonly__who"]);
    expect(await who(client, "shared__who")).toBe("org");
    expect(await who(client, "orgonly__who")).toBe("org");
    expect(await who(client, "teamonly__who")).toBe("team");
    expect(local.logs.join("\n")).toContain(
      "local unit shared is withheld: the upstream unit of that ID forbids shadowing",
    );
    const hits = structured(
      await client.callTool({ name: "search_tools", arguments: { query: "who serves orgonly" } }),
    );
    expect((hits.hits as Array<Record<string, unknown>>)[0]).toMatchObject({
      unit: "orgonly",
      tool: "orgonly__who",
    });
  });

  it("allow: the local unit shadows the upstream one", async () => {
    const { client } = await stack("allow");
    expect(await names(client)).toEqual(["search_tools", "orgonly__who", "shared__who", "teamonly__who"]);
    expect(await who(client, "shared__who")).toBe("team");
  });

  it("namespace: both are served as <label>-<hash>__<id> and the bare ID is withdrawn", async () => {
    const { upstream, client } = await stack("namespace");
    const up = `upstream-${hash4(upstream.url)}__shared`;
    const mine = `local-${hash4("local")}__shared`;
    expect(await names(client)).toEqual([
      "search_tools",
      `${mine}__who`,
      "orgonly__who",
      "teamonly__who",
      `${up}__who`,
    ]);
    expect(await who(client, `${up}__who`)).toBe("org");
    expect(await who(client, `${mine}__who`)).toBe("team");
  });

  it("namespaceAliases: labels for the local source and for the upstream origin", async () => {
    const port = await freePort();
    const upstream = await serve({ manifestPath: await upstreamBundle("namespace"), env }, { port });
    const origin = new URL(upstream.url).origin;
    const local = await serve({
      manifestPath: await localBundle(),
      env,
      upstream: { url: upstream.url, token: TOKEN },
      aliases: { local: "team", upstreams: { [origin]: "org" } },
    });
    await local.host.ready();
    const client = await connect(local.url);
    const listed = await names(client);
    expect(listed).toContain(`team-${hash4("local")}__shared__who`);
    expect(listed).toContain(`org-${hash4(upstream.url)}__shared__who`);
    expect(listed).not.toContain("shared__who");
  });

  it("serves local units while the upstream is unreachable and picks it up once it answers", async () => {
    const port = await freePort();
    const upstreamUrl = `http://127.0.0.1:${port}/mcp`;
    const link = { url: upstreamUrl, token: TOKEN, pingMs: 100 };
    const local = await serve({ manifestPath: await localBundle(), env, upstream: link });
    await local.host.ready();
    const client = await connect(local.url);
    let changes = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => {
      changes += 1;
    });
    expect(await names(client)).toEqual(["search_tools", "shared__who", "teamonly__who"]);
    expect(local.host.upstreamState()).toBe("unavailable");
    expect(local.logs.join("\n")).toMatch(
      /upstream .*: unavailable .*local units are still served; retrying in \d+ ms/,
    );
    const health = await fetch(new URL("/healthz", local.url));
    expect(await health.json()).toEqual({ status: "ok", upstream: "unavailable" });

    const upstream = await serve({ manifestPath: await upstreamBundle("forbid"), env }, { port });
    await eventually(async () => (await names(client)).includes("orgonly__who"));
    expect(local.host.upstreamState()).toBe("connected");
    await eventually(() => changes > 0);
    expect(await who(client, "orgonly__who")).toBe("org");
    expect(await who(client, "shared__who")).toBe("org");

    // Gone again: its units leave, the withheld local unit comes back.
    await upstream.http.close();
    await eventually(async () => !(await names(client)).includes("orgonly__who"));
    expect(await who(client, "shared__who")).toBe("team");
  });

  it("does not let the upstream token leak into what clients see", async () => {
    const { local, client } = await stack("forbid");
    const seen = JSON.stringify(await client.listTools()) + local.logs.join("\n");
    expect(seen).not.toContain(TOKEN);
  });
});

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
