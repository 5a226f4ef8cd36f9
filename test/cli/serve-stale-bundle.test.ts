/**
 * `unitc serve` of a bundle whose unit files changed since it was compiled says so when it starts,
 * naming the changed units and the command that brings the bundle up to date, and says so of a file
 * of the bundle itself edited since the compile; a bundle compiled from the sources as they are and
 * left as written says nothing. Real project files, the compile in-process, the serve a
 * real child process of the built CLI on stdio.
 */
import { spawn } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../support/built-cli.js";
import { runUnitc } from "../support/cli.js";
import { startHttpServer } from "../support/http-server.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";
import { notesUnit, petsSpec } from "../support/watch-units.js";

afterAll(cleanupProjects);

async function compiled(): Promise<string> {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/notes.md": notesUnit("Notes."),
    ".units/tasks.md": notesUnit("Tasks.").replace("name: Notes", "name: Tasks"),
  });
  const run = await runUnitc(["compile", "--project", dir, "--user-config", "none"], dir);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  return dir;
}

/** What `unitc serve` prints on stderr up to its "serving … on stdio" line; then it is stopped. */
function serveStart(dir: string): Promise<string> {
  const manifest = join(dir, "generated/manifest.json");
  const child = spawn(
    process.execPath,
    [BUILT_CLI, "serve", "--manifest", manifest, "--user-config", "none"],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        UNITC_CACHE_DIR: process.env.UNITC_CACHE_DIR ?? "",
        ...suiteTrust(),
      },
      stdio: ["pipe", "ignore", "pipe"],
    },
  );
  let stderr = "";
  return new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/serving \d+ units? on stdio/.test(stderr)) child.stdin.end();
    });
    child.once("error", reject);
    child.once("exit", () => resolve(stderr));
  });
}

describe("serving a bundle older than its sources", () => {
  it("names the units edited since the compile and says to compile again", async () => {
    const dir = await compiled();
    await writeFile(join(dir, ".units/notes.md"), notesUnit("Notes, edited."));
    const stderr = await serveStart(dir);
    expect(stderr).toMatch(/serving 2 units on stdio/);
    expect(stderr).toMatch(/notice: .*changed since .*compile/);
    expect(stderr).toMatch(/unit notes \(\.units\/notes\.md\)/);
    expect(stderr).toContain("unitc compile");
    expect(stderr).not.toMatch(/unit tasks/);
  });

  it("names a unit file added or removed since the compile", async () => {
    const dir = await compiled();
    await rm(join(dir, ".units/tasks.md"));
    await writeFile(join(dir, ".units/more.md"), notesUnit("More.").replace("name: Notes", "name: More"));
    const stderr = await serveStart(dir);
    expect(stderr).toMatch(/unit tasks \(\.units\/tasks\.md\) removed/);
    expect(stderr).toMatch(/unit more \(\.units\/more\.md\) added/);
    expect(stderr).not.toMatch(/unit notes/);
  });

  it("names them too when the compile also read a spec over HTTP", async () => {
    const spec = petsSpec();
    const server = await startHttpServer((_request, res) => {
      res.writeHead(200, { "content-type": "application/yaml" }).end(spec);
    });
    try {
      const pets = `---\nname: Pets\ndescription: Pets.\nopenapiEndpoint:\n  specUrl: ${server.url}/pets.yaml\n  baseUrl: http://127.0.0.1:9\n  auth: { type: none }\n---\n`;
      const dir = await writeProject({
        ".units/config.json": JSON.stringify({ version: 1 }),
        ".units/notes.md": notesUnit("Notes."),
        ".units/pets.md": pets,
      });
      const run = await runUnitc(["compile", "--project", dir, "--user-config", "none"], dir);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(await serveStart(dir)).not.toMatch(/notice/);
      await writeFile(join(dir, ".units/notes.md"), notesUnit("Notes, edited."));
      expect(await serveStart(dir)).toMatch(/notice: .*unit notes \(\.units\/notes\.md\) changed/);
    } finally {
      await server.close();
    }
  });

  it("names a file of the bundle edited after the compile, and still serves it", async () => {
    const dir = await compiled();
    const index = join(dir, "generated/units/notes/index.ts");
    await writeFile(index, `${await readFile(index, "utf8")}// by hand\n`);
    const stderr = await serveStart(dir);
    expect(stderr).toMatch(/serving 2 units on stdio/);
    expect(stderr).toMatch(
      /notice: files of generated were changed since unitc wrote them: units\/notes\/index\.ts changed;/,
    );
    expect(stderr).not.toMatch(/sources changed since/);
  });

  it("says nothing of the sources when the bundle was compiled from them as they are", async () => {
    const dir = await compiled();
    const stderr = await serveStart(dir);
    expect(stderr).toMatch(/serving 2 units on stdio/);
    expect(stderr).not.toMatch(/notice|changed since|unitc compile|unitc wrote/);
  });
});
