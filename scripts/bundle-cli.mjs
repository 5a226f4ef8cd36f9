#!/usr/bin/env node
// Bundles the `unitc` executable after `tsc` (`npm run build`). The rest of dist/ stays tsc's output:
// the package's library entries, the declarations, and what tests and scripts import.
//
// 0. dist/cli/main.cjs, the executable: scripts/main.cjs as written, in syntax every Node parses,
//    which checks the Node version and then loads dist/cli/entry.cjs (from scripts/entry.mjs):
//    CommonJS, holding completion's quick path; it loads main.js for every other command.
// 1. dist/cli/main.js (from scripts/bin.mjs) and its chunks under dist/cli/chunks/: the whole CLI,
//    split so each command loads only its own code; dist/cli/completion-slow.js, what a completion
//    loads when its quick path cannot answer alone.
// 2. dist/cli/serve.cjs: everything `unitc serve` runs, in one file, and serve.cjs.cache, its V8
//    code cache, recorded by serving a small bundle once (see scripts/bin.mjs). Loading the MCP SDK,
//    zod, citty and minisearch from hundreds of modules was most of serve's start; compiling them
//    most of what remained.
// 3. The Code Mode worker scripts, beside each copy of the code that starts them (worker-client
//    looks for `./engine-worker.js` next to itself).
//
// Packages in BUNDLED are inlined; every other package stays an import from node_modules, so
// packages with native binaries or wasm files (esbuild, QuickJS, rollup), large ones only
// the compiler uses (typescript, openapi-typescript, GraphQL codegen) and packages that must be one
// instance with their plugins (graphql) behave exactly as without the bundle. A bundled package must
// never also be reachable through an external one, or two copies of it would meet.
import { spawn } from "node:child_process";
import { chmod, copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = join(root, "dist/cli");
const serveFile = join(outdir, "serve.cjs");

const BUNDLED = new Set([
  "@modelcontextprotocol/client",
  "@modelcontextprotocol/core",
  "@modelcontextprotocol/node",
  "@modelcontextprotocol/server",
  "acorn",
  "ajv",
  "ajv-formats",
  "citty",
  "ipaddr.js",
  "minisearch",
  "yaml",
  "zod",
]);
const WORKERS = ["engine-worker", "check-worker"];

function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

/** Whether a bare import stays an import from node_modules (or of a Node built-in). */
function isExternal(args) {
  if (args.path.startsWith("node:")) return true;
  // JSON (a package's version) is inlined: target node20 would drop its import attribute.
  if (args.path.endsWith(".json")) return false;
  // A bundled package's own dependencies are bundled with it.
  if (args.importer.includes("/node_modules/")) return false;
  return !BUNDLED.has(packageName(args.path));
}

/** Leaves a bare import external unless its package is in BUNDLED (or it is a bundled package's own dependency). */
const externals = {
  name: "externals",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      isExternal(args) ? { path: args.path, external: true } : undefined,
    );
  },
};

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

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
};
// Bundled CommonJS packages (ajv) call require() for Node built-ins.
const esmRequire =
  'import { createRequire as __unitcCreateRequire } from "node:module";\nconst require = __unitcCreateRequire(import.meta.url);';

/** The folders of the outputs holding worker-client, the code that starts the workers. */
function workerStarters(metafile) {
  return Object.entries(metafile.outputs)
    .filter(([, output]) =>
      Object.keys(output.inputs).some((input) => input.endsWith("sandbox/workers/worker-client.ts")),
    )
    .map(([file]) => dirname(join(root, file)));
}

async function bundleWorkers(dir) {
  await esbuild.build({
    ...common,
    format: "esm",
    banner: { js: esmRequire },
    plugins: [externals],
    entryPoints: Object.fromEntries(WORKERS.map((w) => [w, join(root, `runtime/sandbox/workers/${w}.ts`)])),
    outdir: dir,
  });
}

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

// 1. The executable and its chunks.
await rm(join(outdir, "chunks"), { recursive: true, force: true });
await rm(`${serveFile}.cache`, { force: true });
const cli = await esbuild.build({
  ...common,
  format: "esm",
  banner: { js: esmRequire },
  plugins: [externals],
  entryPoints: {
    main: join(root, "scripts/bin.mjs"),
    "completion-slow": join(root, "cli/completion/slow.ts"),
  },
  outdir,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
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
await esbuild.build({
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
  plugins: [serveOnly, requireDynamicImports, externals],
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
for (const dir of starters) await bundleWorkers(dir);

await recordServeCache();
console.log(
  `bundled the CLI into ${relative(root, outdir)}: main.cjs, entry.cjs, main.js, completion-slow.js, chunks/, serve.cjs and its code cache; workers in ${starters.map((d) => relative(root, d)).join(", ")}`,
);
