/**
 * An MCP client's `roots` must not pick folders on a server it reaches over the network. Real
 * `unitc serve` over Streamable HTTP on a free port (and over stdio, the built CLI as a child
 * process), real SDK clients declaring roots, and a unit bound to a project whose actions read a file
 * of its project root and print where it runs.
 */
import { realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeAll,
  compileProject,
  eventually,
  projectConfig,
  serve,
  TOKEN,
  textOf,
} from "../runtime/serve/support.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";

let manifestPath: string;
/** The operator's project root, and folders around it a client may name. */
let project: string;
let inside: string;
let sibling: string;
let linkOut: string;
const clients: Client[] = [];

beforeAll(async () => {
  manifestPath = await compileProject(
    projectConfig({
      cliTools: {
        here: {
          name: "Here",
          description: "Reads files of the project it is bound to.",
          exposure: "direct",
          projectBinding: { required: true },
          actions: {
            where: { description: "Print the working folder.", command: "pwd" },
            passwd: { description: "Print the passwd file of the folder.", command: "cat", args: ["passwd"] },
          },
        },
      },
    }),
  );
  const dir = realpathSync(
    await writeProject({
      "project/src/a.txt": "a",
      "project-evil/passwd": "EVIL-SIBLING",
      "outside/passwd": "OUTSIDE-FILE",
    }),
  );
  project = join(dir, "project");
  inside = join(project, "src");
  sibling = join(dir, "project-evil");
  // A link inside the project that points out of it.
  linkOut = join(project, "out");
  symlinkSync(join(dir, "outside"), linkOut);
});

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await closeAll();
});

interface RootsClient {
  client: Client;
  /** How many times the server asked for the roots. */
  asks: () => number;
}

/** A client that declares `roots` (as `file:` URIs, or as given when they already are URIs). */
function rootsClient(roots: string[]): RootsClient {
  const client = new Client(
    { name: "roots-attack", version: "1" },
    { capabilities: { roots: { listChanged: true } } },
  );
  let asks = 0;
  client.setRequestHandler("roots/list", () => {
    asks += 1;
    return {
      roots: roots.map((root) => ({ uri: root.startsWith("file:") ? root : pathToFileURL(root).href })),
    };
  });
  clients.push(client);
  return { client, asks: () => asks };
}

/**
 * Serves the bundle over HTTP (with the operator's `projectRoot` when given), connects with `roots`
 * and says they changed once the client's event stream is open: a server request sent before it is
 * open would be lost, which would make the test pass by luck rather than by the rule.
 */
async function overHttp(roots: string[], projectRoot?: string): Promise<RootsClient> {
  const { url } = await serve({ manifestPath, ...(projectRoot ? { projectRoot } : {}) });
  const attacker = rootsClient(roots);
  await attacker.client.connect(
    new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => TOKEN } }),
  );
  await attacker.client.listTools();
  const before = attacker.asks();
  await attacker.client.sendRootsListChanged();
  if (projectRoot) await eventually(() => attacker.asks() > before);
  return attacker;
}

async function where(client: Client): Promise<string> {
  return textOf(await client.callTool({ name: "here__where", arguments: {} })).trim();
}

describe("client roots over HTTP", () => {
  it("are not used without --project-root: a bound unit is not served and reads nothing", async () => {
    const { client, asks } = await overHttp(["file:///etc"]);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain("here__passwd");
    await expect(client.callTool({ name: "here__passwd", arguments: {} })).rejects.toThrow(/Unknown tool/);
    expect(asks()).toBe(0);
  });

  it("with --project-root, narrow it only to folders really inside it", async () => {
    expect(await where((await overHttp([inside], project)).client)).toBe(inside);
    // Outside, through `..`, a symlink out of the root, a sibling whose name starts with the root's:
    // none is used, the operator's root is.
    const outside = ["file:///etc", `${pathToFileURL(project).href}/../outside`, linkOut, sibling];
    const attackers = await Promise.all(outside.map((root) => overHttp([root], project)));
    for (const [i, { client }] of attackers.entries()) {
      expect(await where(client), outside[i]).toBe(project);
      expect(textOf(await client.callTool({ name: "here__passwd", arguments: {} }))).not.toMatch(
        /root:x:|EVIL-SIBLING|OUTSIDE-FILE/,
      );
    }
  });

  it("with --project-root, use the first root that is inside it, skipping ones that are not", async () => {
    const { client } = await overHttp(["file:///etc", sibling, inside], project);
    expect(await where(client)).toBe(inside);
  });
});

describe("client roots over stdio", () => {
  it("are used as the project root (client and server share the machine)", async () => {
    const { client } = rootsClient(["file:///etc"]);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BUILT_CLI, "serve", "--manifest", manifestPath, "--user-config", "none"],
        env: { PATH: process.env.PATH ?? "", ...suiteTrust() },
        stderr: "ignore",
      }),
    );
    expect(await where(client)).toBe(realpathSync("/etc"));
    expect(textOf(await client.callTool({ name: "here__passwd", arguments: {} }))).toContain("root:");
  });
});
