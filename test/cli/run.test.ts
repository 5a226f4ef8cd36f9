/**
 * `unitc run` in-process: a copy of the committed examples/basic bundle (its manifest pointed at
 * the example service on a free port), real workers, real calls.
 */
import { renameSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/index.js";
import { startExampleServer } from "../../examples/basic/server.mjs";
import { copyExampleBundle, env } from "../runtime/sandbox/support.js";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";

let server: Awaited<ReturnType<typeof startExampleServer>>;
let dir: string;

beforeAll(async () => {
  server = await startExampleServer({ port: 0, notesToken: env.NOTES_TOKEN, weatherKey: env.WEATHER_KEY });
  dir = await writeProject({
    "weather.ts":
      'const now = await units.weather__current.now({ city: "oslo" });\nconsole.log(now.conditions);\nreturn now.temperature;',
    "broken.ts": 'const x: number = "a";\nthrow new Error("boom");',
    "spin.js": "for (;;) {}",
  });
  renameSync(await copyExampleBundle(server.url), join(dir, "generated"));
});
afterAll(async () => {
  await server.close();
  await cleanupProjects();
});

describe("unitc run", () => {
  it("runs a script against generated/manifest.json and prints the result", async () => {
    const run = await runUnitc(["run", "weather.ts"], dir, env);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      value: 3,
      logs: [{ level: "log", message: "snow" }],
      diagnostics: [],
    });
  });

  it("takes env: values from --env-file, the environment winning over the file", async () => {
    await writeFile(join(dir, "secrets.env"), `NOTES_TOKEN=${env.NOTES_TOKEN}\nWEATHER_KEY=wrong-key\n`);
    const script = "return (await units.notes.listNotes()).length";
    await writeFile(join(dir, "count.ts"), script);
    const withoutFile = await runUnitc(["run", "count.ts"], dir, { PATH: env.PATH });
    expect(withoutFile.code).toBe(1);
    const run = await runUnitc(["run", "count.ts", "--env-file", "secrets.env"], dir, { PATH: env.PATH });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, value: 2 });
    expect(run.stdout).not.toContain(env.NOTES_TOKEN);
    const weather = "return (await units.weather__current.now({ city: 'oslo' })).city";
    await writeFile(join(dir, "weather-city.ts"), weather);
    const overridden = await runUnitc(["run", "weather-city.ts", "--env-file", "secrets.env"], dir, env);
    expect(JSON.parse(overridden.stdout)).toMatchObject({ ok: true, value: "oslo" });
    const missing = await runUnitc(["run", "count.ts", "--env-file", "nope.env"], dir, env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--env-file nope\.env: cannot read/);
  });

  it("reads the script from standard input with -", async () => {
    let stdout = "";
    const io = {
      stdout: (text: string) => {
        stdout += text;
      },
      stderr: () => undefined,
      cwd: dir,
      env: { ...suiteTrust(), ...env },
      stdin: async () => "return (await units.notes.listNotes()).length",
    };
    const code = await runCli(["run", "-", "--manifest", "generated/manifest.json"], io);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, value: 2 });
  });

  it("exits 1 on a failed run, with the error and the type warnings", async () => {
    const run = await runUnitc(["run", "broken.ts"], dir, env);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: false,
      error: { code: "SCRIPT_ERROR", message: "Error: boom", line: 2 },
      diagnostics: [{ severity: "warning", code: "TS2322", line: 1 }],
    });
  });

  it("applies --timeout", async () => {
    const run = await runUnitc(["run", "spin.js", "--timeout", "200"], dir, env);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
  });

  it("refuses a --timeout that is not a whole positive number of milliseconds with ARGS_INVALID, not the default", async () => {
    for (const timeout of ["soon", "-5", "1.5", "0", "120001"]) {
      const run = await runUnitc(["run", "weather.ts", `--timeout=${timeout}`], dir, env);
      expect(run.code, timeout).toBe(1);
      const result = JSON.parse(run.stdout);
      expect(result, timeout).toMatchObject({ ok: false, error: { code: "ARGS_INVALID" } });
      expect(result.error.message, timeout).toMatch(/^timeoutMs /);
    }
  });

  it("says what is missing when the script or the manifest is", async () => {
    const noScript = await runUnitc(["run", "nope.ts"], dir, env);
    expect(noScript).toMatchObject({ code: 1, stdout: "" });
    expect(noScript.stderr).toMatch(/^unitc run: ENOENT: no such file or directory, open '.*nope\.ts'\n$/);
    const noManifest = await runUnitc(["run", "weather.ts", "--manifest", "missing/manifest.json"], dir, env);
    expect(noManifest).toMatchObject({ code: 1, stdout: "" });
    expect(noManifest.stderr).toMatch(
      /^unitc run: cannot read manifest .*missing\/manifest\.json: no such file\nhint: run unitc compile to produce it; .* copied into .*missing, or a manifestPath naming the manifest\n$/,
    );
    // The same diagnostics as the other commands that open a bundle.
    const call = await runUnitc(
      ["call", "weather__current.now", "--manifest", "missing/manifest.json"],
      dir,
      env,
    );
    expect(noManifest.stderr).toBe(call.stderr.replace(/^unitc call:/, "unitc run:"));
  });

  it("needs a script", async () => {
    const run = await runUnitc(["run"], dir, env);
    expect(run.code).toBe(2);
  });
});
