/**
 * `npm run demo` as a person runs it (a real child process on the built dist/): every part of the
 * transcript is there, each kind of call gave a result, and it ends with exit code 0, even with the
 * ports the example units name (127.0.0.1:4319–4325) busy.
 */
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Holds 127.0.0.1:`port`; undefined when something else holds it already (busy either way). */
async function hold(port: number): Promise<Server | undefined> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

describe("scripts/demo.mjs", () => {
  it("compiles the examples, calls every kind of unit, catches a wrong call and prints the tokens table", async () => {
    const held = await Promise.all([4319, 4320, 4321, 4322, 4323, 4324, 4325].map(hold));
    const run = promisify(execFile)(process.execPath, ["scripts/demo.mjs"], { cwd: root, timeout: 170_000 });
    const { stdout, stderr } = await run.finally(() => {
      for (const server of held) server?.close();
    });
    expect(stderr).not.toMatch(/demo failed|\n\s+at /);
    for (const name of ["basic", "discovery", "graphql", "mcp", "openapi", "secure", "streamable", "tour"])
      expect(stdout).toMatch(new RegExp(`examples/${name} +compiled \\d+ units? \\(\\d+ operations\\)`));
    expect(stdout).toMatch(/pets__petstore\/\n(?:\s+[\w.-]+ +[\d.]+ K?B\n)*\s+index\.ts +[\d.]+ K?B/);
    expect(stdout).toContain('→ [{"id":"n2","title":"Standup","tags":["work"]}]');
    expect(stdout).toMatch(/\[CLI action\].*\n\s+→ "\s*\d+\s+\d+\s+\d+ server\.mjs"/);
    expect(stdout).toContain('→ {"id":3,"name":"Nibbles","tag":"hamster"}');
    expect(stdout).toContain('"title":"Invisible Cities"');
    expect(stdout).toContain(
      '→ {"entities":[{"name":"Rex","entityType":"pet","observations":["a good dog"]}]}',
    );
    expect(stdout).toContain('"code":"INPUT_INVALID"');
    expect(stdout).toContain("secret JOURNAL_TOKEN set; units refer to it as vault:JOURNAL_TOKEN");
    expect(stdout).toMatch(/\[discovery document\].*\n\s+→ .*"title":"Invisible Cities, read aloud"/);
    expect(stdout).toContain(
      '→ {"kind":"youtube#videoGetRatingResponse","items":[{"videoId":"v1","rating":"like"}]}',
    );
    expect(stdout).toContain('→ {"cards":[{"id":"c2","title":"Record the demo","column":"todo"}]}');
    expect(stdout).toMatch(/\[vault: token\].*\n\s+→ \[\{"day":"2025-06-02"/);
    expect(stdout).toMatch(/\[OAuth client credentials\].*\n\s+→ .*"client":"reporter"/);
    expect(stdout).not.toContain("demo-journal-token");
    expect(stdout).toMatch(/tsc: wrong-call\.mts:2:\d+ TS2322/);
    expect(stdout).toContain('"cat":"Tom","rex":["a good dog","friends with Tom"]');
    expect(stdout).toContain("Rex reads Invisible Cities (1972) by Italo Calvino");
    expect(stdout).toMatch(/code_mode tool +\d+/);
    expect(stdout).toMatch(/demo done in [\d.]+ s/);
  }, 180_000);
});
