// The example projects and how each compiles: shared by `npm run examples` and the demo.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The projects under examples/: folders with a `.units` root (examples/agent is a program). */
export function exampleProjects(root) {
  return readdirSync(join(root, "examples"), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(root, "examples", e.name, ".units")))
    .map((e) => e.name)
    .sort();
}

/** The `unitc` arguments that compile one example into generated/<name> with its bundle. */
export function exampleCompileArgs(name, { check = false } = {}) {
  const argv = ["compile", "--project", join("examples", name), "--out", join("generated", name)];
  argv.push("--user-config", "none", "--bundle");
  if (check) argv.push("--check");
  return argv;
}
