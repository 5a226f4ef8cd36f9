/**
 * `unitc serve status` against a real HTTP serve on 127.0.0.1 after real calls to a loopback API:
 * per-unit calls, errors, error rate and codes, the Code Mode queue line, JSON with --json; the token
 * from an env: reference; a refused token and a port nobody listens on are STATUS_UNAVAILABLE with a
 * hint, never a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetStats } from "../../runtime/observe/stats.js";
import { directNotesProject, startNotesServer } from "../runtime/serve/fixtures.js";
import { closeAll, compileProject, connect, serve, TOKEN } from "../runtime/serve/support.js";
import { runUnitc } from "../support/cli.js";
import type { TestServer } from "../support/http-server.js";

let notes: TestServer;
let url: string;

beforeAll(async () => {
  resetStats();
  notes = await startNotesServer();
  const manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
  url = (await serve({ manifestPath })).url;
  const client = await connect(url);
  await client.callTool({ name: "notes__getNote", arguments: { id: "n1" } });
  await client.callTool({ name: "notes__getNote", arguments: { id: "missing" } });
});

afterAll(async () => {
  await closeAll();
  await notes.close();
});

const status = (args: string[], env: Record<string, string> = { OPS_TOKEN: TOKEN }) =>
  runUnitc(["serve", "status", "--user-config", "none", ...args], process.cwd(), env);

describe("unitc serve status", () => {
  it("prints per-unit calls, errors, error rate and codes, and the Code Mode queue", async () => {
    const run = await status(["--url", url, "--token", "env:OPS_TOKEN"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe("unit\tcalls\terrors\terror rate\tmean ms\tcodes");
    expect(lines[1]).toMatch(/^notes\t2\t1\t50\.0%\t[\d.]+\tHTTP_STATUS=1$/);
    expect(lines.at(-1)).toMatch(/^code mode: 0 runs, 0 failed; queue: /);
  });

  it("prints JSON with --json, reading the token from UNITC_SERVE_TOKEN", async () => {
    const run = await status(["--url", url, "--json"], { UNITC_SERVE_TOKEN: TOKEN });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).units).toEqual([
      expect.objectContaining({ unit: "notes", calls: 2, errors: 1, errorRate: 0.5 }),
    ]);
  });

  it("says so, with a hint, when the token is refused or nothing listens", async () => {
    const refused = await status(["--url", url, "--token", "env:OPS_TOKEN"], {
      OPS_TOKEN: "wrong-token-0123456789",
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("STATUS_UNAVAILABLE");
    expect(refused.stderr).toContain("answered 401");
    expect(refused.stderr).toContain("hint: pass the operators' token");
    const nobody = await status(["--url", "http://127.0.0.1:9/mcp", "--token", "env:OPS_TOKEN"]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/STATUS_UNAVAILABLE cannot reach http:\/\/127\.0\.0\.1:9 /);
    expect(nobody.stderr).not.toMatch(/\n\s+at /);
  });
});
