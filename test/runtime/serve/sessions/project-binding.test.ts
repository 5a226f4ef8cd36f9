/**
 * Units bound to a project (`projectBinding.required: true`) through the built `unitc serve` in a
 * child process: without a project root they are not served (tools, search_tools, Code Mode); with
 * `--project-root` or an MCP client's roots they run in that root, as a real path; a client root
 * outside the operator's is not used.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../../../support/built-cli.js";
import { writeProject } from "../../../support/project.js";
import { suiteTrust } from "../../../support/trust-env.js";
import { compileProject, projectConfig, structured, textOf } from "../support.js";

let manifestPath: string;
let project: string;
let other: string;
const clients: Client[] = [];

/** A stdio MCP server with one tool, `cwd`, that prints the folder the server runs in. */
function cwdServerSource(): string {
  const require = createRequire(import.meta.url);
  const server = pathToFileURL(require.resolve("@modelcontextprotocol/server")).href;
  const stdio = pathToFileURL(require.resolve("@modelcontextprotocol/server/stdio")).href;
  return `import { McpServer } from ${JSON.stringify(server)};
import { StdioServerTransport } from ${JSON.stringify(stdio)};
const server = new McpServer({ name: "cwd", version: "1.0.0" });
server.registerTool("cwd", { description: "Print the working folder." }, async () => ({
  content: [{ type: "text", text: process.cwd() }],
}));
await server.connect(new StdioServerTransport());
`;
}

let CWD_SERVER: string;

beforeAll(async () => {
  CWD_SERVER = join(await writeProject({ "cwd-server.mjs": cwdServerSource() }), "cwd-server.mjs");
  manifestPath = await compileProject(
    projectConfig({
      mcpServers: {
        cwdserver: {
          name: "Cwd server",
          description: "An MCP server that tells its working folder.",
          exposure: "direct",
          projectBinding: { required: true },
          command: process.execPath,
          args: [CWD_SERVER],
        },
      },
      cliTools: {
        here: {
          name: "Here",
          description: "Tells the working folder of the project.",
          exposure: "direct_and_code_mode",
          projectBinding: { required: true },
          actions: { where: { description: "Print the working folder.", command: "pwd" } },
        },
        shell: {
          name: "Shell",
          description: "Says hello.",
          exposure: "direct_and_code_mode",
          actions: { hello: { description: "Print hello.", command: "echo", args: ["hello"] } },
        },
      },
    }),
  );
  const dir = await writeProject({ "project/src/a.txt": "a", "elsewhere/b.txt": "b" });
  project = realpathSync(join(dir, "project"));
  other = realpathSync(join(dir, "elsewhere"));
  mkdirSync(join(dir, "links"));
  symlinkSync(project, join(dir, "links/project"));
});

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
});

/** A client of `unitc serve` over stdio, declaring `roots` when given. */
async function connect(serveArgs: string[], roots?: string[]): Promise<Client> {
  const client = new Client(
    { name: "binding-test", version: "1.0.0" },
    roots ? { capabilities: { roots: { listChanged: true } } } : {},
  );
  if (roots) {
    client.setRequestHandler("roots/list", () => ({
      roots: roots.map((path) => ({ uri: pathToFileURL(path).href, name: "project" })),
    }));
  }
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_CLI, "serve", "--manifest", manifestPath, "--user-config", "none", ...serveArgs],
      env: { PATH: process.env.PATH ?? "", ...suiteTrust() },
      stderr: "ignore",
    }),
  );
  clients.push(client);
  return client;
}

async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name);
}

describe("projectBinding", () => {
  it("is recorded in the manifest for the bound unit only", () => {
    const units = JSON.parse(readFileSync(manifestPath, "utf8")).units as Array<Record<string, unknown>>;
    expect(units.find((unit) => unit.id === "here")?.projectBinding).toEqual({ required: true });
    expect(units.find((unit) => unit.id === "shell")).not.toHaveProperty("projectBinding");
  });

  it("hides a bound unit from tools/list, search_tools and Code Mode without a project root", async () => {
    const client = await connect([]);
    const names = await toolNames(client);
    expect(names).toContain("shell__hello");
    expect(names).not.toContain("here__where");
    const codeMode = (await client.listTools()).tools.find((tool) => tool.name === "code_mode");
    expect(codeMode?.description).toContain("- shell:");
    expect(codeMode?.description).not.toContain("- here:");
    const hits = structured(
      await client.callTool({ name: "search_tools", arguments: { query: "working folder" } }),
    ).hits as Array<{ unit: string }>;
    expect(hits.map((hit) => hit.unit)).not.toContain("here");
    const script = await client.callTool({
      name: "code_mode",
      arguments: { code: "return await units.here.where({});" },
    });
    expect(script.isError).toBe(true);
    await expect(client.callTool({ name: "here__where", arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it("runs a bound unit in --project-root, as its real path", async () => {
    const client = await connect(["--project-root", join(project, "../links/project")]);
    expect(await toolNames(client)).toContain("here__where");
    expect(textOf(await client.callTool({ name: "here__where", arguments: {} })).trim()).toBe(project);
    const script = await client.callTool({
      name: "code_mode",
      arguments: { code: "return await units.here.where({});" },
    });
    expect(String(structured(script).value).trim()).toBe(project);
  });

  it("starts a bound MCP server in the session's project root", async () => {
    const without = await connect([]);
    expect(await toolNames(without)).not.toContain("cwdserver__cwd");
    const client = await connect(["--project-root", project]);
    const answer = JSON.parse(textOf(await client.callTool({ name: "cwdserver__cwd", arguments: {} })));
    expect(answer.content[0].text).toBe(project);
  });

  it("runs a bound unit in the root the client declares", async () => {
    const client = await connect([], [join(project, "../links/project")]);
    expect(await toolNames(client)).toContain("here__where");
    expect(textOf(await client.callTool({ name: "here__where", arguments: {} })).trim()).toBe(project);
  });

  it("follows the client's roots when it says they changed", async () => {
    const roots: string[] = [];
    const client = await connect([], roots);
    expect(await toolNames(client)).not.toContain("here__where");
    const changed = new Promise<void>((resolve) => {
      client.setNotificationHandler("notifications/tools/list_changed", () => resolve());
    });
    roots.push(project);
    await client.sendRootsListChanged();
    await changed;
    expect(await toolNames(client)).toContain("here__where");
    expect(textOf(await client.callTool({ name: "here__where", arguments: {} })).trim()).toBe(project);
  });

  it("narrows --project-root to a client root inside it, and ignores one outside it", async () => {
    const inside = await connect(["--project-root", project], [join(project, "src")]);
    expect(textOf(await inside.callTool({ name: "here__where", arguments: {} })).trim()).toBe(
      join(project, "src"),
    );
    const outside = await connect(["--project-root", project], [other]);
    expect(textOf(await outside.callTool({ name: "here__where", arguments: {} })).trim()).toBe(project);
  });

  it("refuses a --project-root that is not a folder (exit 2)", async () => {
    const argv = [
      "serve",
      "--manifest",
      manifestPath,
      "--user-config",
      "none",
      "--project-root",
      `${other}-not`,
    ];
    const run = spawnSync(process.execPath, [BUILT_CLI, ...argv], { encoding: "utf8", input: "" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("PROJECT_ROOT_INVALID");
  });
});
