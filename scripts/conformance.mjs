#!/usr/bin/env node
// Runs the MCP conformance server suite (@modelcontextprotocol/conformance, pinned) against
// `unitc serve --transport http` on the built CLI, serving generated/basic, with the committed
// baseline scripts/conformance-expected-failures.yml. Exits non-zero on a new failure, a stale
// baseline entry, or a canary secret showing up in the suite's artefacts or the server's stderr.
// Run after `npm run build` (`npm run conformance`; .ci/run does).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "unitc-conformance-"));
const CANARY = "conformance-canary-3f9d1c";
const userConfig = join(work, "config.json");
// The suite's client sends no credentials: this run opts in to unauthenticated serving on loopback.
writeFileSync(userConfig, JSON.stringify({ serve: { allowUnauthenticatedHttp: true, port: 0 } }));

const server = spawn(
  process.execPath,
  [
    join(root, "dist/cli/main.cjs"),
    "serve",
    "--transport",
    "http",
    "--manifest",
    "generated/basic/manifest.json",
    "--user-config",
    userConfig,
    // The bundle is this repository's own example.
    "--trust",
  ],
  {
    cwd: root,
    env: { PATH: process.env.PATH, NOTES_TOKEN: CANARY, WEATHER_KEY: CANARY },
    stdio: ["ignore", "ignore", "pipe"],
  },
);
let stderr = "";
const url = await new Promise((resolve, reject) => {
  server.stderr.on("data", (chunk) => {
    stderr += chunk;
    const match = /listening on (\S+)/.exec(stderr);
    if (match) resolve(match[1]);
  });
  server.on("exit", (code) => reject(new Error(`unitc serve exited with ${code}:\n${stderr}`)));
});

const run = spawnSync(
  process.execPath,
  [
    join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js"),
    "server",
    "--url",
    url,
    "--expected-failures",
    join(root, "scripts/conformance-expected-failures.yml"),
    "--output-dir",
    join(work, "results"),
  ],
  { cwd: work, stdio: "inherit" },
);
server.kill();

const artefacts = readdirSync(work, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name));
const leaked = [
  ...artefacts.filter((file) => readFileSync(file, "utf8").includes(CANARY)),
  ...(stderr.includes(CANARY) ? ["stderr"] : []),
];
if (leaked.length > 0) console.error(`conformance: the canary secret appears in ${leaked.join(", ")}`);
rmSync(work, { recursive: true, force: true });
process.exitCode = run.status !== 0 || leaked.length > 0 ? 1 : 0;
