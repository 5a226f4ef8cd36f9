#!/usr/bin/env node
// The ES module half of the `unitc` executable: scripts/bundle-cli.mjs bundles this file into
// dist/cli/main.js, which the executable's first bundle (dist/cli/entry.cjs, from scripts/entry.mjs) loads for
// every command but a shell's completion.
//
// `unitc serve` runs from one file, dist/cli/serve.cjs, compiled with the V8 code cache beside it
// (serve.cjs.cache, recorded by a serve run at build time): without it, parsing and compiling the
// MCP SDK and zod is about a quarter of serve's start. When this Node rejects the cache (another V8
// version or other V8 flags) the same code is compiled from source; without serve.cjs, or for any
// other command, the CLI runs from the chunks of the main bundle, with Node's compile cache in the
// user's own cache folder (runtime/shared/compile-cache.ts).
import { isAscii } from "node:buffer";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { endQuietlyOnClosedStdout } from "../cli/closed-stdout.ts";
import { compileCache } from "../runtime/shared/compile-cache.ts";

/** `runCli` of dist/cli/serve.cjs, or undefined when there is none. */
function serveBundle() {
  const file = fileURLToPath(new URL("./serve.cjs", import.meta.url));
  if (!existsSync(file)) return undefined;
  const cacheFile = `${file}.cache`;
  // V8 checks a cache against the length of its source only: one older than the file is not used.
  const current = existsSync(cacheFile) && statSync(cacheFile).mtimeMs >= statSync(file).mtimeMs;
  const cachedData = current ? readFileSync(cacheFile) : undefined;
  // The build leaves serve.cjs all ASCII: decoding it as Latin-1 (the same text) is much faster.
  const bytes = readFileSync(file);
  const source = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  // ES modules are strict code; so stays the bundle made of them.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {"use strict";${source}\n})`;
  // serve.cjs makes no `import()` (scripts/bundle-cli.mjs turns external ones into require calls).
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  // Set by the build only, which deletes the old cache first: the cache holds what this run compiled.
  if (process.env.UNITC_RECORD_SERVE_CACHE === "1" && !existsSync(cacheFile)) {
    process.once("exit", () => writeFileSync(cacheFile, script.createCachedData()));
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports.runCli;
}

const args = process.argv.slice(2);
compileCache();
// A shell's completion is answered by the executable's CommonJS entry (scripts/entry.mjs); should
// this build be run for one, runCli answers it too. `unitc serve token …` manages tokens in
// storage: it runs from the ordinary CLI, not serve.cjs.
// `serve token` and `serve status` are commands of the whole CLI; serve.cjs holds serving alone.
const serving = args[0] === "serve" && args[1] !== "token" && args[1] !== "status";
// Serving over stdio leaves standard output to its transport.
if (args[0] !== "serve") endQuietlyOnClosedStdout();
const runCli = (serving ? serveBundle() : undefined) ?? (await import("../cli/index.ts")).runCli;
process.exitCode = await runCli(args);
