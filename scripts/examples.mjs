#!/usr/bin/env node
// Compiles every project under examples/ (a folder with a `.units` root; examples/agent is a program,
// not a project) into generated/<name>/ (run `npm run build` first).
// With --check, writes nothing and exits 1 when generated/ is out of date (the CI drift gate).
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { runCli } from "../dist/cli/index.js";

const check = process.argv.includes("--check");
const root = new URL("..", import.meta.url).pathname;
const names = (await readdir(join(root, "examples"), { withFileTypes: true }))
  .filter((e) => e.isDirectory() && existsSync(join(root, "examples", e.name, ".units")))
  .map((e) => e.name)
  .sort();
let failed = 0;
for (const name of names) {
  const argv = [
    "compile",
    "--project",
    join("examples", name),
    "--out",
    join("generated", name),
    "--user-config",
    "none",
    "--bundle",
  ];
  if (check) argv.push("--check");
  const code = await runCli(argv, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: root,
    env: process.env,
  });
  if (code !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
