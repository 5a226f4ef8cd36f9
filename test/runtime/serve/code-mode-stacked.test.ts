/**
 * Code Mode over every unit `search_tools` shows: an upstream instance's units (stacking) and the
 * person's own units (a user bundle) are callable from `code_mode`, described by `units.describe`
 * and known to the type check, with `code_mode` and with the combined exposures.
 */
import { createHash } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { closeDefaultSandboxPool } from "../../../runtime/sandbox/index.js";
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
afterAll(closeDefaultSandboxPool);

/** A CLI unit whose one action `who` prints `answer`. */
function echoUnit(name: string, answer: string, exposure: string, shadowing = "forbid") {
  return {
    name,
    description: `${name} unit.`,
    exposure,
    shadowing,
    actions: { who: { description: `Say who serves ${name}.`, command: "echo", args: [answer] } },
  };
}

const env = { PATH: process.env.PATH };

async function bundle(units: Record<string, ReturnType<typeof echoUnit>>): Promise<string> {
  return compileProject(projectConfig({ cliTools: units }));
}

async function run(client: Client, code: string): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name: "code_mode", arguments: { code } });
  expect(result.isError, textOf(result)).toBeFalsy();
  return structured(result);
}

/** Runs `code` until the type checker has read the declarations (its first runs may be unchecked). */
async function checkedRun(client: Client, code: string): Promise<Record<string, unknown>> {
  let body: Record<string, unknown> = {};
  await eventually(async () => {
    const result = await client.callTool({ name: "code_mode", arguments: { code } });
    body = (result.structuredContent ?? {}) as Record<string, unknown>;
    const found = JSON.stringify(result._meta ?? {}) + textOf(result);
    return !found.includes("TYPECHECK_SKIPPED");
  }, 60_000);
  return body;
}

/** The local instance stacked on an upstream serving `orgonly` and `both` with `exposure`. */
async function stacked(exposure: string) {
  const upstream = await serve({
    manifestPath: await bundle({
      orgonly: echoUnit("orgonly", "org", exposure),
      both: echoUnit("both", "org-both", exposure),
    }),
    env,
  });
  const local = await serve({
    manifestPath: await bundle({ teamonly: echoUnit("teamonly", "team", "code_mode") }),
    env,
    upstream: { url: upstream.url, token: TOKEN },
  });
  await local.host.ready();
  return connect(local.url);
}

describe("Code Mode over upstream units", () => {
  for (const exposure of ["code_mode", "direct_and_code_mode", "progressive_and_code_mode"]) {
    it(`calls and describes an upstream unit served with ${exposure}`, async () => {
      const client = await stacked(exposure);
      const tool = (await client.listTools()).tools.find((t) => t.name === "code_mode");
      expect(tool?.description).toContain("orgonly");
      const body = await run(
        client,
        "const a = await units.orgonly.who({}); const b = await units.teamonly.who({}); return `${a.trim()} ${b.trim()}`;",
      );
      expect(body.value).toBe("org team");
      const described = await run(client, 'return await units.describe("orgonly", "who");');
      expect(described.value).toContain("who(");
      const found = await run(client, 'return (await units.search("who serves orgonly"))[0];');
      expect(found.value).toMatchObject({ unit: "orgonly", operation: "who" });
    });
  }

  it("type-checks calls to upstream units against their declarations", async () => {
    const client = await stacked("code_mode");
    const good = await checkedRun(client, "return (await units.orgonly.who({})).trim();");
    expect(good.value).toBe("org");
    expect(JSON.stringify(good.diagnostics)).not.toContain("orgonly");
    const result = await client.callTool({
      name: "code_mode",
      arguments: { code: "return await units.orgonly.nope({});" },
    });
    expect(textOf(result)).toMatch(/nope/);
    expect(JSON.stringify(result)).toMatch(/Property 'nope' does not exist/);
  });
});

describe("Code Mode over namespaced units", () => {
  it("calls both units of a namespaced ID under the IDs search_tools shows", async () => {
    const upstream = await serve({
      manifestPath: await bundle({ shared: echoUnit("shared", "org", "code_mode", "namespace") }),
      env,
    });
    const local = await serve({
      manifestPath: await bundle({ shared: echoUnit("shared", "team", "code_mode") }),
      env,
      upstream: { url: upstream.url, token: TOKEN },
    });
    await local.host.ready();
    const client = await connect(local.url);
    const hash4 = (identity: string) => createHash("sha256").update(identity).digest("hex").slice(0, 4);
    const up = `upstream-${hash4(upstream.url)}__shared`;
    const mine = `local-${hash4("local")}__shared`;
    const code = `return [await units[${JSON.stringify(up)}].who({}), await units[${JSON.stringify(mine)}].who({})].map((s) => s.trim());`;
    expect((await run(client, code)).value).toEqual(["org", "team"]);
    const described = await run(client, `return await units.describe(${JSON.stringify(mine)}, "who");`);
    expect(described.value).toContain("who(");
  });
});

describe("Code Mode over the user's own units", () => {
  for (const exposure of ["code_mode", "direct_and_code_mode"]) {
    it(`calls and describes a user unit served with ${exposure}`, async () => {
      const local = await serve({
        manifestPath: await bundle({ teamonly: echoUnit("teamonly", "team", "code_mode") }),
        userManifestPath: await bundle({ mine: echoUnit("mine", "me", exposure) }),
        env,
      });
      const client = await connect(local.url);
      const tool = (await client.listTools()).tools.find((t) => t.name === "code_mode");
      expect(tool?.description).toContain("mine");
      const body = await run(client, "return (await units.mine.who({})).trim();");
      expect(body.value).toBe("me");
      const described = await run(client, 'return await units.describe("mine");');
      expect(described.value).toContain("who(");
      const checked = await checkedRun(
        client,
        "const a: string = await units.mine.who({}); const b: string = await units.teamonly.who({}); return a.trim() + b.trim();",
      );
      expect(checked.value).toBe("meteam");
      expect(checked.diagnostics).toEqual([]);
    });
  }
});
