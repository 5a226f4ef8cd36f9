// The demo's first part: compile each example (timed) and show the files the compiler wrote.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../dist/cli/index.js";
import { exampleCompileArgs, exampleProjects, withBuildServices } from "./example-projects.mjs";

/** Compiles every example into generated/, one timed line each; throws when one fails. */
export function compileExamples(root) {
  return withBuildServices(() => compileEach(root));
}

async function compileEach(root) {
  for (const name of exampleProjects(root)) {
    let said = "";
    const begun = performance.now();
    const code = await runCli(exampleCompileArgs(name), {
      stdout: (t) => {
        said += t;
      },
      stderr: (t) => {
        said += t;
      },
      cwd: root,
      env: process.env,
    });
    const ms = Math.round(performance.now() - begun);
    console.log(`  examples/${name.padEnd(10)} ${said.trim().split("\n").at(-1)}  [${ms} ms]`);
    if (code !== 0) process.stderr.write(said);
    if (code !== 0) throw new Error(`examples/${name} did not compile (the errors are above)`);
  }
}

/** A short tree of `dir` with file sizes; build outputs in `bundle/` and dot folders left out. */
export function fileTree(dir, indent = "  ") {
  const lines = [];
  const entries = readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith(".") && e.name !== "bundle")
    .sort((a, b) => Number(a.isDirectory()) - Number(b.isDirectory()) || a.name.localeCompare(b.name));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      lines.push(`${indent}${entry.name}/`);
      lines.push(fileTree(path, `${indent}  `));
    } else {
      lines.push(
        `${indent}${entry.name.padEnd(36 - indent.length)} ${size(statSync(path).size).padStart(8)}`,
      );
    }
  }
  return lines.filter(Boolean).join("\n");
}

function size(bytes) {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
