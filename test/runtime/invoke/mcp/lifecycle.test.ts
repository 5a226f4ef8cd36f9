/**
 * Nothing a runtime starts outlives it: closing the runtime ends each stdio server's whole process
 * group (a grandchild included), and when the runtime's process is killed with SIGKILL the server
 * sees stdin close and the watchdog ends what is left of its group, all within 5 s.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRuntime } from "../../../../runtime/index.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import {
  type CompiledBundle,
  compileBundle,
  FIXTURE,
  isRunning,
  mcpProject,
  stdioEntry,
  waitFor,
} from "./support.js";

const runtimeEntry = fileURLToPath(new URL("../../../../runtime/index.ts", import.meta.url));
let compiled: CompiledBundle;
const started: ChildProcess[] = [];

beforeAll(async () => {
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
  compiled = await compileBundle(mcpProject({ fixture: stdioEntry([FIXTURE]) }));
  vi.unstubAllEnvs();
  expect(compiled.text).toBe("");
});

afterAll(async () => {
  for (const child of started) child.kill("SIGKILL");
  await cleanupProjects();
});

describe("runtime.close", () => {
  it("ends the server and the processes it started", async () => {
    const runtime = createRuntime({ manifestPath: join(compiled.outDir, "manifest.json") });
    const server = (await runtime.call<{ pid: number }>("fixture", "stats")).pid;
    const grandchild = (await runtime.call<{ pid: number }>("fixture", "spawn-child")).pid;
    expect([isRunning(server), isRunning(grandchild)]).toEqual([true, true]);
    await runtime.close();
    expect([isRunning(server), isRunning(grandchild)]).toEqual([false, false]);
  });
});

/** A script that creates a runtime, starts the server and a grandchild, prints their pids and idles. */
const SCRIPT = `import { createRuntime } from ${JSON.stringify(runtimeEntry)};
(async () => {
  const runtime = createRuntime({ manifestPath: process.argv[2] });
  const server = (await runtime.call("fixture", "stats")).pid;
  const grandchild = (await runtime.call("fixture", "spawn-child")).pid;
  process.stdout.write(JSON.stringify({ server, grandchild }) + "\\n");
  setInterval(() => {}, 1000);
})();
`;

/** Bundles {@link SCRIPT} with the runtime source into one file plain node can run. */
async function bundleScript(dir: string): Promise<string> {
  const entry = join(dir, "entry.ts");
  const outfile = join(dir, "runtime-child.cjs");
  await writeFile(entry, SCRIPT);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    outfile,
    logLevel: "silent",
  });
  return outfile;
}

describe("a runtime killed with SIGKILL", () => {
  it("leaves no downstream process behind within 5 s", async () => {
    const script = await bundleScript(await writeProject({}));
    const child = spawn(process.execPath, [script, join(compiled.outDir, "manifest.json")], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    started.push(child);
    const line = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolve(out.trim());
      });
      child.once("exit", (code) => reject(new Error(`the runtime process exited early (${code})`)));
    });
    const pids = JSON.parse(line) as { server: number; grandchild: number };
    expect([isRunning(pids.server), isRunning(pids.grandchild)]).toEqual([true, true]);
    child.kill("SIGKILL");
    const gone = await waitFor(() => !isRunning(pids.server) && !isRunning(pids.grandchild), 20_000);
    expect({ server: isRunning(pids.server), grandchild: isRunning(pids.grandchild), gone }).toEqual({
      server: false,
      grandchild: false,
      gone: true,
    });
  });
});
