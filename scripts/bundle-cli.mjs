#!/usr/bin/env node
// Bundles the `unitc` executable and the package's library entries after `tsc` (`npm run build`).
// The rest of dist/ stays tsc's output: the declarations (shipped), and what tests and scripts
// import (not shipped: package.json `files`).
//
// 0. dist/cli/main.cjs, the executable: scripts/main.cjs as written, in syntax every Node parses,
//    which checks the Node version and then loads dist/cli/entry.cjs (from scripts/entry.mjs):
//    CommonJS, holding completion's quick path; it loads main.js for every other command.
// 1. dist/cli/main.js (from scripts/bin.mjs) and its chunks under dist/cli/chunks/: the whole CLI,
//    split so each command loads only its own code; dist/cli/completion-slow.js, what a completion
//    loads when its quick path cannot answer alone. The same build makes the library entries,
//    dist/lib/compiler.js (`unitc`), dist/lib/runtime.js (`unitc/runtime`) and the agent framework
//    adapters (`unitc/ai-sdk`, `unitc/langchain`, `unitc/mastra`, `unitc/openai-agents`; the frameworks stay imports, as optional peers), which share the
//    CLI's chunks (one copy of each module and its state for both entries and the CLI). Code loaded
//    on first use (a unit kind's discovery, --bundle, storage drivers) stays in its own chunk.
// 2. dist/cli/serve.cjs: everything `unitc serve` runs, in one file, and serve.cjs.cache, its V8
//    code cache, recorded by serving a small bundle once (see scripts/bin.mjs). Loading the MCP SDK,
//    zod, citty and minisearch from hundreds of modules was most of serve's start; compiling them
//    most of what remained.
// 3. The Code Mode worker scripts, beside each copy of the code that starts them (worker-client
//    looks for `./engine-worker.js` next to itself).
// 4. dist/templates/: the verbatim texts of templates/ (runtime/shared/templates.ts reads them), copied as
//    tsc copies schemas/, so the package ships them once, under dist/.
// 5. dist/THIRD_PARTY_LICENSES.md: the licences of the packages the bundles inline.
//
// Which packages are inlined, and why the others stay imports: scripts/bundle-packages.mjs.
import { spawn } from "node:child_process";
import { chmod, copyFile, cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import * as esbuild from "esbuild";
import {
  bundleWorkers,
  common,
  esmRequire,
  externals,
  isExternal,
  requireTypescript,
  root,
  unusedImports,
  workerStarters,
} from "./bundle-packages.mjs";
import { writeThirdPartyLicenses } from "./third-party-licenses.mjs";

const outdir = join(root, "dist/cli");
const serveFile = join(outdir, "serve.cjs");

/**
 * serve.cjs runs as a vm.Script, where `import()` needs an experimental loader hook (and Node 20
 * loses it for code from a code cache): an external dynamic import (`import("esbuild")`) becomes a
 * require of that package, which is CommonJS, as Node built-ins are.
 */
const requireDynamicImports = {
  name: "require-dynamic-imports",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === "dynamic-import" && isExternal(args)
        ? { path: args.path, namespace: "require" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "require" }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      resolveDir: root,
    }));
  },
};

/**
 * serve.cjs runs for `unitc serve` only: the other commands' modules stay out of it, and so does
 * completion (its slow path loads every command's definition).
 */
const serveOnly = {
  name: "serve-only",
  setup(build) {
    build.onResolve({ filter: /^\.\/(?:commands\/[^/]+|completion\/run)\.js$/ }, (args) => {
      if (!args.importer.endsWith(join("cli", "index.ts")) || args.path === "./commands/serve.js") return;
      return { path: args.path, external: true };
    });
  },
};

/** Serves a small bundle once through the new executable, so its run records serve.cjs.cache. */
async function recordServeCache() {
  const { buildSearchIndex } = await import(join(root, "dist/runtime/search/index.js"));
  const dir = await mkdtemp(join(tmpdir(), "unitc-serve-cache-"));
  const operations = ["listInvoices", "getInvoice", "createInvoice"].map((name) => ({
    name,
    tsName: name,
    description: `${name} of the record service.`,
    inputSchema: { type: "object", properties: { id: { type: "string" } } },
    invoke: { kind: "http", method: "GET", path: "/invoices" },
    schemaHash: "sha256:0",
  }));
  const unit = (id, exposure) => ({
    id,
    kind: "http",
    name: id,
    description: `The ${id} service.`,
    tags: [],
    exposure,
    shadowing: "forbid",
    connection: {
      kind: "http",
      baseUrl: "http://127.0.0.1:9",
      auth: { type: "none" },
      requestTimeoutMs: 1000,
      maxResponseBytes: 1000,
    },
    operations,
    sourceHash: "sha256:0",
  });
  const manifest = {
    format: 1,
    generator: "unitc",
    settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
    units: [unit("direct", "direct"), unit("progressive", "progressive"), unit("scripts", "code_mode")],
  };
  await writeFile(join(dir, "manifest.json"), JSON.stringify(manifest));
  await writeFile(join(dir, "search-index.json"), JSON.stringify(buildSearchIndex(manifest)));
  const messages = [
    {
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "build", version: "1" },
      },
    },
    { method: "notifications/initialized" },
    { id: 2, method: "tools/list" },
    { id: 3, method: "tools/call", params: { name: "search_tools", arguments: { query: "get invoice" } } },
  ];
  const args = [
    join(outdir, "main.js"),
    "serve",
    "--manifest",
    join(dir, "manifest.json"),
    "--user-config",
    "none",
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, UNITC_RECORD_SERVE_CACHE: "1" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let answers = "";
  let logs = "";
  child.stderr.on("data", (chunk) => {
    logs += chunk;
  });
  child.stdout.on("data", (chunk) => {
    answers += chunk;
    if (answers.includes('"id":3')) child.stdin.end();
  });
  for (const [i, message] of messages.entries()) {
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...(i === 0 ? { id: 1 } : {}), ...message })}\n`);
  }
  const code = await new Promise((resolve) => child.on("exit", resolve));
  await rm(dir, { recursive: true, force: true });
  if (code !== 0 || !answers.includes('"id":3')) {
    throw new Error(`bundle-cli: the serve run that records the code cache failed (exit ${code})\n${logs}`);
  }
}

// 4. The templates first: the serve run below reads them.
await rm(join(root, "dist/templates"), { recursive: true, force: true });
await cp(join(root, "templates"), join(root, "dist/templates"), { recursive: true });

// 1. The executable, the library entries and their chunks, one build so each module is one copy.
await rm(join(outdir, "chunks"), { recursive: true, force: true });
await rm(join(root, "dist/lib"), { recursive: true, force: true });
await rm(`${serveFile}.cache`, { force: true });
const cli = await esbuild.build({
  ...common,
  format: "esm",
  banner: { js: esmRequire },
  plugins: [unusedImports, requireTypescript, externals],
  entryPoints: {
    "cli/main": join(root, "scripts/bin.mjs"),
    "cli/completion-slow": join(root, "cli/completion/slow.ts"),
    "lib/compiler": join(root, "compiler/index.ts"),
    "lib/runtime": join(root, "runtime/index.ts"),
    "lib/ai-sdk": join(root, "runtime/adapters/ai-sdk.ts"),
    "lib/langchain": join(root, "runtime/adapters/langchain.ts"),
    "lib/openai-agents": join(root, "runtime/adapters/openai-agents.ts"),
    "lib/mastra": join(root, "runtime/adapters/mastra.ts"),
  },
  outdir: join(root, "dist"),
  splitting: true,
  chunkNames: "cli/chunks/[name]-[hash]",
});

// 0. The executable. Its imports of main.js and of completion's slow part stay imports of the ES
//    module build above.
const esmBuild = {
  name: "esm-build",
  setup(build) {
    build.onResolve({ filter: /^\.\/(?:main|slow)\.js$/ }, (args) =>
      args.path === "./main.js"
        ? { path: "./main.js", external: true }
        : { path: "./completion-slow.js", external: true },
    );
  },
};
const entry = await esbuild.build({
  ...common,
  format: "cjs",
  plugins: [esmBuild, externals],
  entryPoints: [join(root, "scripts/entry.mjs")],
  outfile: join(outdir, "entry.cjs"),
  define: { "import.meta.url": "__unitcModuleUrl" },
  banner: { js: 'var __unitcModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
});
// Not bundled: esbuild would write it in the syntax of its target, and an old Node must parse it.
await copyFile(join(root, "scripts/main.cjs"), join(outdir, "main.cjs"));
await chmod(join(outdir, "main.cjs"), 0o755);

// 2. serve.cjs: CommonJS, the format V8 code caches are made for (vm.Script).
const serve = await esbuild.build({
  ...common,
  format: "cjs",
  plugins: [serveOnly, requireDynamicImports, unusedImports, externals],
  stdin: { contents: 'export { runCli } from "./cli/index.ts";', resolveDir: root, sourcefile: "serve.ts" },
  outfile: serveFile,
  // Modules that look beside themselves (worker-client) look beside serve.cjs.
  define: { "import.meta.url": "__unitcModuleUrl" },
  banner: { js: 'var __unitcModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
});

// esbuild escapes every non-ASCII character but those in the comments it keeps; escaped there too,
// the file is ASCII and scripts/bin.mjs reads it as Latin-1, several times faster than UTF-8.
const serveSource = await readFile(serveFile, "utf8");
await writeFile(
  serveFile,
  serveSource.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`),
);

// 3. The workers.
const starters = [...new Set([...workerStarters(cli.metafile), ...workerStarters(serve.metafile)])];
const workers = [];
for (const dir of starters) workers.push(await bundleWorkers(dir));
const licenses = join(root, "dist/THIRD_PARTY_LICENSES.md");
const licensed = await writeThirdPartyLicenses(
  licenses,
  [cli, entry, serve, ...workers].map((result) => result.metafile),
);

await recordServeCache();
console.log(
  `bundled the CLI into ${relative(root, outdir)}: main.cjs, entry.cjs, main.js, completion-slow.js, chunks/, serve.cjs and its code cache; the library into dist/lib: compiler.js, runtime.js, ai-sdk.js, langchain.js, mastra.js, openai-agents.js; workers in ${starters.map((d) => relative(root, d)).join(", ")}; the licences of ${licensed} bundled packages in ${relative(root, licenses)}`,
);
