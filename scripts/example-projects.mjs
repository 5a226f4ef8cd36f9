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

/**
 * The `unitc` arguments that compile one example into generated/<name> with its bundle. The examples
 * are this repository's own: `--trust` lets their stdio MCP servers start for discovery.
 */
export function exampleCompileArgs(name, { check = false } = {}) {
  const argv = ["compile", "--project", join("examples", name), "--out", join("generated", name)];
  argv.push("--user-config", "none", "--bundle", "--trust");
  if (check) argv.push("--check");
  return argv;
}

/**
 * Runs `compile` while the services a compile asks (the remote MCP server of examples/streamable,
 * whose tools are listed at build time) listen on free ports, with the URLs the units name sent
 * there: the compile runs in this process, so the global fetch is swapped for its duration.
 */
export async function withBuildServices(compile) {
  const { startBoardServer } = await import("../examples/streamable/server.mjs");
  const { redirectingFetch } = await import("../examples/http-support.mjs");
  const board = await startBoardServer({ port: 0 });
  const original = globalThis.fetch;
  globalThis.fetch = redirectingFetch({ "http://127.0.0.1:4323": board.url }, original);
  try {
    return await compile();
  } finally {
    globalThis.fetch = original;
    await board.close();
  }
}
