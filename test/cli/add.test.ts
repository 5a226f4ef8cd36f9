/** `unitc add`: unit files written from flags, checked by the compiler's validate, never overwritten unasked. */
import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterAll(cleanupProjects);

const PETS =
  'openapi: 3.0.3\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses: { "200": { description: ok } }\n';

function frontmatter(dir: string, id: string): Record<string, unknown> {
  const text = readFileSync(join(dir, ".units", `${id}.md`), "utf8");
  return parse(text.split("---\n")[1] as string) as Record<string, unknown>;
}

describe("unitc add", () => {
  it("writes an MCP server unit from the command after --, which validates", async () => {
    const dir = await writeProject({});
    const run = await runUnitc(
      ["add", "mcp", "everything", "--", "npx", "-y", "@modelcontextprotocol/server-everything"],
      dir,
    );
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(run.stderr).toContain("wrote .units/everything.md");
    expect(frontmatter(dir, "everything")).toMatchObject({
      name: "everything",
      mcpServer: { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] },
    });
    expect(await runUnitc(["validate", "--user-config", "none"], dir)).toMatchObject({ code: 0 });
  });

  it("never overwrites without --force", async () => {
    const dir = await writeProject({});
    expect((await runUnitc(["add", "cli", "tool", "--", "echo", "one"], dir)).code).toBe(0);
    const again = await runUnitc(["add", "cli", "tool", "--", "echo", "two"], dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(".units/tool.md already exists; pass --force to overwrite it");
    expect(frontmatter(dir, "tool")).toMatchObject({
      cliTools: { actions: { run: { command: "echo", args: ["one"] } } },
    });
    expect((await runUnitc(["add", "cli", "tool", "--force", "--", "echo", "two"], dir)).code).toBe(0);
    expect(frontmatter(dir, "tool")).toMatchObject({ cliTools: { actions: { run: { args: ["two"] } } } });
  });

  it("writes an OpenAPI unit whose spec path, typed from the working folder, points at the spec", async () => {
    const dir = await writeProject({ "specs/pets.yaml": PETS });
    await mkdir(join(dir, "sub"));
    const run = await runUnitc(
      [
        "add",
        "openapi",
        "pets",
        "--spec",
        "../specs/pets.yaml",
        "--base-url",
        "https://pets.example.com/v1",
        "--project",
        "..",
      ],
      join(dir, "sub"),
    );
    expect(run.stderr).toContain("wrote");
    expect(run.code).toBe(0);
    expect(frontmatter(dir, "pets")).toMatchObject({
      openapiEndpoint: {
        specPath: "../specs/pets.yaml",
        baseUrl: "https://pets.example.com/v1",
        auth: { type: "none" },
      },
    });
    expect((await runUnitc(["validate", "--user-config", "none"], dir)).code).toBe(0);
  });

  it.each([
    [
      "graphql",
      ["--endpoint", "https://api.example.com/graphql", "--token", "env:API_TOKEN"],
      { graphqlEndpoint: { introspection: true, auth: { type: "bearer", token: "env:API_TOKEN" } } },
    ],
    [
      "http",
      ["--base-url", "https://api.example.com", "--action", "items", "--path", "/items"],
      { httpApi: { actions: { items: { method: "GET", path: "/items" } } } },
    ],
    [
      "discovery",
      ["--spec", "https://example.com/discovery.json"],
      { vendorDiscoveryApi: { discoveryUrl: "https://example.com/discovery.json" } },
    ],
    [
      "mcp",
      ["--url", "https://mcp.example.com/mcp"],
      { mcpServer: { transport: "http", url: "https://mcp.example.com/mcp" } },
    ],
  ])("writes a valid %s unit", async (kind, flags, want) => {
    const dir = await writeProject({});
    const run = await runUnitc(["add", kind, "svc", ...flags], dir);
    expect(run.stderr).toContain("wrote .units/svc.md");
    expect(frontmatter(dir, "svc")).toMatchObject(want);
    expect((await runUnitc(["validate", "--user-config", "none"], dir)).code).toBe(0);
  });

  it("keeps nothing that does not validate, and says why with file, line, code and hint", async () => {
    const dir = await writeProject({});
    const run = await runUnitc(["add", "http", "bad", "--base-url", "ftp://x.example.com"], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^\.units\/bad\.md:\d+:\d+ error INVALID_URL /);
    expect(run.stdout).toContain("hint: use an http:// or https:// URL");
    expect(run.stderr).toContain("was not written");
    expect(existsSync(join(dir, ".units/bad.md"))).toBe(false);
    // A forced rewrite that fails leaves the old file.
    expect((await runUnitc(["add", "http", "api", "--base-url", "https://x.example.com"], dir)).code).toBe(0);
    const before = readFileSync(join(dir, ".units/api.md"), "utf8");
    expect((await runUnitc(["add", "openapi", "api", "--spec", "missing.yaml", "--force"], dir)).code).toBe(
      1,
    );
    expect(readFileSync(join(dir, ".units/api.md"), "utf8")).toBe(before);
  });

  it("refuses an unknown kind, a bad ID or a missing flag as usage errors", async () => {
    const dir = await writeProject({});
    expect((await runUnitc(["add", "soap", "x"], dir)).code).toBe(2);
    expect((await runUnitc(["add", "cli", "../x", "--", "echo"], dir)).code).toBe(2);
    const missing = await runUnitc(["add", "openapi", "x"], dir);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain("needs --spec");
    expect((await runUnitc(["add", "mcp", "x"], dir)).stderr).toContain("needs the command after --");
  });
});
