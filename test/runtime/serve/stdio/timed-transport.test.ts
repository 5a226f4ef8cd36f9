/**
 * Stage timings over stdio (`UNITC_TIMINGS=1`): a Code Mode answer says how long the serve held the
 * request in all (`serve`, from its bytes arriving to the answer going back) and how long reading it
 * took (`serve.read`), beside the run's own stages, so a client's round trip splits into the run,
 * the serve's MCP handling and the transport. Checked on the built CLI in a child process.
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExampleServer } from "../../../../examples/basic/server.mjs";
import { BUILT_CLI } from "../../../support/built-cli.js";
import { cleanupProjects } from "../../../support/project.js";
import { suiteTrust } from "../../../support/trust-env.js";
import { copyExampleBundle } from "../../sandbox/support.js";

const env = { NOTES_TOKEN: "timed-notes-7731", WEATHER_KEY: "timed-weather-1187" };
let example: Awaited<ReturnType<typeof startExampleServer>>;
let manifestPath: string;
const clients: Client[] = [];

beforeAll(async () => {
  example = await startExampleServer({ port: 0, notesToken: env.NOTES_TOKEN, weatherKey: env.WEATHER_KEY });
  manifestPath = join(await copyExampleBundle(example.url), "manifest.json");
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await example.close();
  await cleanupProjects();
});

async function connect(timings: boolean): Promise<Client> {
  const client = new Client({ name: "timed-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_CLI, "serve", "--manifest", manifestPath, "--user-config", "none"],
      env: {
        PATH: process.env.PATH ?? "",
        ...suiteTrust(),
        ...env,
        ...(timings ? { UNITC_TIMINGS: "1" } : {}),
      },
      stderr: "ignore",
    }),
  );
  clients.push(client);
  return client;
}

const TIMINGS = "unitc/timings";

describe("stage timings over stdio", () => {
  it("give a Code Mode answer the serve's whole time and its reading time, around the run's stages", async () => {
    const client = await connect(true);
    const result = await client.callTool({
      name: "code_mode",
      arguments: { code: "const notes = await units.notes.listNotes({});\nreturn notes.length" },
    });
    expect(result.isError).toBeFalsy();
    const timings = (result._meta?.[TIMINGS] ?? {}) as Record<string, number>;
    for (const stage of ["serve", "serve.read", "total", "engine", "engine.hops", "bridge"])
      expect(typeof timings[stage], stage).toBe("number");
    expect(timings.serve).toBeGreaterThanOrEqual(timings.total as number);
    expect(timings["serve.read"]).toBeGreaterThanOrEqual(0);
    expect(timings["serve.read"]).toBeLessThanOrEqual(timings.serve as number);
    expect(timings["engine.hops"]).toBeGreaterThanOrEqual(0);
    expect(timings["engine.hops"]).toBeLessThanOrEqual(timings.engine as number);
  });

  it("are left out without UNITC_TIMINGS", async () => {
    const client = await connect(false);
    const result = await client.callTool({ name: "code_mode", arguments: { code: "return 1" } });
    expect(result.isError).toBeFalsy();
    expect(result._meta?.[TIMINGS]).toBeUndefined();
  });
});
