#!/usr/bin/env node
// Compiles every project under examples/ (a folder with a `.units` root; examples/agent is a program,
// not a project) into generated/<name>/ (run `npm run build` first).
// With --check, writes nothing and exits 1 when generated/ is out of date (the CI drift gate).
import { runCli } from "../dist/cli/index.js";
import { exampleCompileArgs, exampleProjects, withBuildServices } from "./example-projects.mjs";

const check = process.argv.includes("--check");
const root = new URL("..", import.meta.url).pathname;
let failed = 0;
await withBuildServices(async () => {
  for (const name of exampleProjects(root)) {
    const code = await runCli(exampleCompileArgs(name, { check }), {
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      cwd: root,
      env: process.env,
    });
    if (code !== 0) failed++;
  }
});
process.exitCode = failed === 0 ? 0 : 1;
