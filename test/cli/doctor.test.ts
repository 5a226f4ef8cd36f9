/** `unitc doctor` and `unitc verify` as real processes: one problem introduced, reported with its fix, then fixed. */
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { isolatedEnv, runBuilt } from "./setup-support.js";

afterAll(cleanupProjects);

const UNIT = `---
name: Notes
description: A notes tool.
cliTools:
  actions:
    hello: { command: echo, args: [hi] }
setup:
  verify:
    - label: Folder exists
      command: test
      args: ["-d", "made"]
runtime:
  features: [docker]
  resources: { class: large }
---
`;

/** A fake `docker` on PATH whose `docker info` exits with `code`. */
async function fakeDocker(dir: string, code: number): Promise<void> {
  await mkdir(join(dir, "bin"), { recursive: true });
  await writeFile(join(dir, "bin/docker"), `#!/bin/sh\necho "docker $1"\nexit ${code}\n`);
  await chmod(join(dir, "bin/docker"), 0o755);
}

describe("unitc doctor and verify", () => {
  it("report a failing verify item and a missing feature with their fixes, and pass once fixed", async () => {
    const dir = await writeProject({ ".units/notes.md": UNIT });
    const env = await isolatedEnv(dir);
    await fakeDocker(dir, 1);
    const compiled = await runBuilt(["compile", "--user-config", "none"], dir, env);
    expect(compiled.code).toBe(0);
    const manifest = JSON.parse(
      await import("node:fs/promises").then((fs) =>
        fs.readFile(join(dir, "generated/manifest.json"), "utf8"),
      ),
    );
    expect(manifest.units[0].runtime).toEqual({ features: ["docker"], resources: { class: "large" } });
    // Verify items run only once the unit's setup plan is approved (here it has no commands).
    expect((await runBuilt(["setup", "notes", "--yes", "--user-config", "none"], dir, env)).code).toBe(1);

    const verify = await runBuilt(["verify", "--user-config", "none"], dir, env);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain('FAIL  "Folder exists": exit code 1');
    expect(verify.stdout).toContain("FAIL  notes: docker: docker info exited with code 1");

    const sick = await runBuilt(["doctor", "--user-config", "none"], dir, env);
    expect(sick.code).toBe(1);
    expect(sick.stdout).toMatch(/ok {4}config/);
    expect(sick.stdout).toMatch(/ok {4}bundle/);
    expect(sick.stdout).toMatch(
      /FAIL {2}verify notes +Folder exists: exit code 1\n +fix: unitc setup notes\n/,
    );
    expect(sick.stdout).toMatch(
      /FAIL {2}feature notes +docker: docker info exited with code 1\n +fix: install Docker/,
    );
    expect(sick.stdout).toMatch(/ok {4}storage/);

    // Items run in the unit's folder (the declaring file's), not the project root.
    await mkdir(join(dir, ".units/made"));
    await fakeDocker(dir, 0);
    const well = await runBuilt(["doctor", "--user-config", "none", "--json"], dir, env);
    expect(JSON.parse(well.stdout), well.stdout).toMatchObject({ ok: true });
    expect(well.code).toBe(0);
    expect((await runBuilt(["verify", "notes", "--user-config", "none"], dir, env)).code).toBe(0);
  });

  it("says which secret a unit's calls would lack, and where to set it, without showing a value", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({
        version: 1,
        httpApis: {
          notes: {
            name: "Notes",
            description: "Reads notes.",
            baseUrl: "http://127.0.0.1:9/api",
            auth: { type: "bearer", token: "env:NOTES_TOKEN" },
            actions: { list: { method: "GET", path: "/notes", description: "List notes." } },
          },
          journal: {
            name: "Journal",
            description: "Reads the journal.",
            baseUrl: "http://127.0.0.1:9/api",
            auth: { type: "headers", headers: { "X-Api-Key": "vault:JOURNAL_KEY" } },
            actions: { list: { method: "GET", path: "/entries", description: "List entries." } },
          },
        },
      }),
    });
    const env = await isolatedEnv(dir);
    expect((await runBuilt(["compile"], dir, env)).code).toBe(0);

    const sick = await runBuilt(["doctor"], dir, env);
    expect(sick.code).toBe(1);
    expect(sick.stdout).toMatch(
      /FAIL {2}secrets notes +auth\.token: environment variable NOTES_TOKEN is not set\n +fix: /,
    );
    expect(sick.stdout).toMatch(
      /FAIL {2}secrets journal +.*JOURNAL_KEY.*\n +fix: unitc secret set JOURNAL_KEY/,
    );

    const set = await runBuilt(["secret", "set", "JOURNAL_KEY"], dir, env, "journal-canary\n");
    expect(set.code, set.stderr).toBe(0);
    const well = await runBuilt(["doctor", "--json"], dir, { ...env, NOTES_TOKEN: "notes-canary" });
    const report = JSON.parse(well.stdout) as { checks: { check: string; ok: boolean }[] };
    expect(report.checks.filter((c) => c.check.startsWith("secrets "))).toEqual([
      expect.objectContaining({ check: "secrets journal", ok: true }),
      expect.objectContaining({ check: "secrets notes", ok: true }),
    ]);
    expect(well.stdout + well.stderr + sick.stdout + sick.stderr).not.toMatch(/canary/);
  });

  it("--env-file gives the secret checks the file's variables, as serve and run get them", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({
        version: 1,
        httpApis: {
          notes: {
            name: "Notes",
            description: "Reads notes.",
            baseUrl: "http://127.0.0.1:9/api",
            auth: { type: "bearer", token: "env:NOTES_TOKEN" },
            actions: { list: { method: "GET", path: "/notes", description: "List notes." } },
          },
        },
      }),
      "local.env": "NOTES_TOKEN=from-file-canary\n",
    });
    const env = await isolatedEnv(dir);
    expect((await runBuilt(["compile", "--user-config", "none"], dir, env)).code).toBe(0);
    const secrets = (run: { stdout: string }) =>
      (JSON.parse(run.stdout) as { checks: { check: string; ok: boolean }[] }).checks.filter((c) =>
        c.check.startsWith("secrets "),
      );

    const without = await runBuilt(["doctor", "--user-config", "none", "--json"], dir, env);
    expect(secrets(without)).toEqual([expect.objectContaining({ check: "secrets notes", ok: false })]);
    // In-process for the file's cases: the Node this suite runs on reads a script's own `--env-file`
    // too (into the child's environment, or exiting 9 when it is missing), which would hide the CLI's.
    const withFile = await runUnitc(
      ["doctor", "--user-config", "none", "--json", "--env-file", "local.env"],
      dir,
      env,
    );
    expect(secrets(withFile)).toEqual([expect.objectContaining({ check: "secrets notes", ok: true })]);
    expect(withFile.stdout + withFile.stderr).not.toContain("canary");

    const missing = await runUnitc(["doctor", "--user-config", "none", "--env-file", "nope.env"], dir, env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--env-file nope.env: cannot read");
  });

  it("says a stale bundle and an invalid config need fixing, with the command that fixes each", async () => {
    const dir = await writeProject({ ".units/notes.md": UNIT.replace("features: [docker]", "features: []") });
    const env = await isolatedEnv(dir);
    await runBuilt(["compile", "--user-config", "none"], dir, env);
    await writeFile(
      join(dir, ".units/notes.md"),
      UNIT.replace("features: [docker]", "features: []").replace("[hi]", "[hello]"),
    );
    const stale = await runBuilt(["doctor", "--user-config", "none"], dir, env);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(
      /FAIL {2}bundle +generated is stale .*\n +fix: unitc compile --out generated/,
    );
    await writeFile(join(dir, ".units/notes.md"), UNIT.replace("class: large", "class: huge"));
    const invalid = await runBuilt(["doctor", "--user-config", "none"], dir, env);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/FAIL {2}config .*\n +fix: unitc validate/);
    expect(invalid.stdout + invalid.stderr).not.toMatch(/\n\s+at /);
    // verify and setup refuse a project with errors, naming the file and the stable code.
    for (const command of ["verify", "setup"]) {
      const refused = await runBuilt([command, "notes", "--user-config", "none"], dir, env);
      expect(refused.code, command).toBe(1);
      expect(refused.stderr, command).toMatch(/notes\.md:\d+:\d+/);
      expect(refused.stderr, command).toContain(`unitc ${command}: CONFIG_INVALID the project has errors`);
    }
  });

  it("starts each stdio MCP server, says when one does not start, and names units bound to a project", async () => {
    const fixture = fileURLToPath(new URL("../fixtures/mcp/fixture-server.mjs", import.meta.url));
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({
        version: 1,
        completion: { discoveryTimeoutMs: 20_000, overallTimeoutMs: 30_000 },
        mcpServers: {
          fixture: {
            name: "Fixture",
            description: "Test tools.",
            command: process.execPath,
            args: ["./server.mjs"],
          },
        },
      }),
      // The fixture starts its server when it is the main script: it is made to look like one.
      ".units/server.mjs": `process.argv[1] = ${JSON.stringify(fixture)};\nawait import(${JSON.stringify(fixture)});\n`,
      ".units/here.md":
        "---\nname: Here\ndescription: Where.\nprojectBinding: { required: true }\ncliTools:\n  actions:\n    where: { command: pwd }\n---\n",
    });
    const env = await isolatedEnv(dir);
    const compiled = await runBuilt(["compile", "--user-config", "none"], dir, env);
    expect(compiled.code, compiled.stdout + compiled.stderr).toBe(0);
    const well = await runBuilt(["doctor", "--user-config", "none"], dir, env);
    expect(well.stdout).toMatch(/ok {4}reach fixture +\S+ started and initialised in \d+ ms/);
    expect(well.stdout).toMatch(
      /ok {4}binding here +bound to a project: served only to sessions with a project root/,
    );

    await writeFile(
      join(dir, ".units/server.mjs"),
      'process.stderr.write("no licence\\n");\nprocess.exit(3);\n',
    );
    const sick = await runBuilt(["doctor", "--user-config", "none"], dir, env);
    expect(sick.code).toBe(1);
    expect(sick.stdout).toMatch(/FAIL {2}reach fixture +MCP_START_FAILED the MCP server did not start/);
    expect(sick.stdout).toMatch(/\n +stderr\| no licence\n/);
    expect(sick.stdout).toContain("fix: run ");
  });

  // Completion's deadlines (750 ms a unit) are for a Tab press; a server an npx start takes 1.4–1.9 s
  // to bring up is healthy, and doctor waits as long as serve would: the unit's startupTimeoutMs.
  it("waits for a slow stdio MCP server as long as its startupTimeoutMs", async () => {
    const fixture = fileURLToPath(new URL("../fixtures/mcp/fixture-server.mjs", import.meta.url));
    const start = `process.argv[1] = ${JSON.stringify(fixture)};\nawait import(${JSON.stringify(fixture)});\n`;
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({
        version: 1,
        mcpServers: {
          slow: { name: "Slow", description: "Test tools.", command: process.execPath, args: ["./slow.mjs"] },
        },
      }),
      ".units/slow.mjs": start,
    });
    const env = await isolatedEnv(dir);
    const compiled = await runBuilt(["compile", "--user-config", "none"], dir, env);
    expect(compiled.code, compiled.stdout + compiled.stderr).toBe(0);
    // Now it starts after 2 s: more than completion's whole budget, well within startupTimeoutMs.
    await writeFile(
      join(dir, ".units/slow.mjs"),
      `await new Promise((r) => setTimeout(r, 2_000));\n${start}`,
    );
    const doctor = await runBuilt(["doctor", "--user-config", "none"], dir, env);
    expect(doctor.stdout).toMatch(/ok {4}reach slow +\S+ started and initialised in \d+ ms/);
    expect(doctor.code, doctor.stdout).toBe(0);
  }, 120_000);
});
