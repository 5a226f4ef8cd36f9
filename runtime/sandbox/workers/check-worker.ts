/**
 * Entry of a type-check worker thread. The host runs two: one only reads scripts' syntax (a parse,
 * quick), the other keeps one checker per bundle and type-checks scripts against it (slow, and
 * ended by the host when a check overruns its budget).
 */

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort } from "node:worker_threads";
import { compileCache } from "../../shared/compile-cache.js";
import type { CheckMessage, CheckRequest } from "../shared/protocol.js";

// TypeScript is 9 MB of JavaScript: compiled once and cached on disk (Node's own compile cache,
// checked against the source), each worker after the first loads it in a fraction of the time. A
// worker of a process with the cache on has it already (`workerEnv` passes its folder on).
compileCache();
const { BundleChecker } = await import("../check/typecheck.js");
const { saveTypeScriptCodeCache } = await import("../check/typescript-module.js");

/** Bundles whose checker stays loaded; the least recently used goes first. */
const MAX_BUNDLES = 4;

const port = parentPort;
if (!port) throw new Error("check-worker runs as a worker thread");
type Checker = InstanceType<typeof BundleChecker>;
const checkers = new Map<string, { version: string; checker: Checker }>();
/** Reads syntax only: it needs no declarations. */
let parser: Checker | undefined;
/**
 * Holds the lib parsed and bound (a `lib` request), which every bundle's checker shares through
 * TypeScript's document registry for as long as one checker refers to it.
 */
let libHolder: Checker | undefined;
/**
 * Declarations shorter than this leave little garbage when parsed (a script's few operations: tens of
 * KB), less than a full collection would cost the check waiting for them.
 */
const COLLECT_FROM_CHARS = 1_000_000;
/** Whether the lib has been parsed (several MB of garbage, collected after that first time). */
let libLoaded = false;
/** Scripts type-checked by this worker. */
let checks = 0;
/**
 * How long the worker goes without a request before it makes a collection that is due: a check that
 * waits for the lib or the declarations to load does not wait for that collection too.
 */
const COLLECT_WHEN_IDLE_MS = 200;
let collectionDue = false;
let collectTimer: NodeJS.Timeout | undefined;

/** Parses and binds the lib, once: a serve's preparation, before a script says what it names. */
function prepareLib(): void {
  if (libLoaded) return;
  libHolder = new BundleChecker("");
  libHolder.types("");
  libLoaded = true;
  collectionDue = true;
}

function load(bundleDir: string, version: string, declarations: string): void {
  const entry = checkers.get(bundleDir);
  checkers.delete(bundleDir);
  const checker = entry?.checker ?? new BundleChecker(declarations);
  if (entry) checker.setDeclarations(declarations);
  checkers.set(bundleDir, { version, checker });
  if (checkers.size > MAX_BUNDLES) checkers.delete(checkers.keys().next().value as string);
  // Parse and bind the lib and the declarations now, under the load's budget, not the first check's.
  checker.types("");
  // Parsing leaves most of what it allocated behind as garbage, which a worker whose heap may grow to
  // a GB would keep for a long while: collected once the worker is idle, an idle serve does not hold it.
  if (!libLoaded || declarations.length >= COLLECT_FROM_CHARS) collectionDue = true;
  libLoaded = true;
}

/** Makes a due collection once no request has come for {@link COLLECT_WHEN_IDLE_MS}. */
function collectWhenIdle(): void {
  if (!collectionDue) return;
  collectTimer = setTimeout(() => {
    collectionDue = false;
    collectGarbage();
  }, COLLECT_WHEN_IDLE_MS);
}

/**
 * A full garbage collection, through V8's `gc` (exposed for this isolate's new contexts only). The
 * flag is turned off again at once: V8 refuses a code cache made under other flags than its own, so
 * TypeScript's, taken after this, would be refused by every new worker.
 */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  setFlagsFromString("--no-expose-gc");
  gc();
}

function answer(request: CheckRequest): CheckMessage {
  switch (request.type) {
    case "syntax":
      parser ??= new BundleChecker("");
      return { type: "syntax", outcome: parser.syntax(request.code) };
    case "lib":
      prepareLib();
      return { type: "lib" };
    case "load":
      load(request.bundleDir, request.version, request.declarations);
      return { type: "loaded" };
    case "types": {
      const entry = checkers.get(request.bundleDir);
      if (!entry || entry.version !== request.version) return { type: "stale" };
      checkers.delete(request.bundleDir);
      checkers.set(request.bundleDir, entry);
      const diagnostics = entry.checker.types(request.code);
      // A new type checker, when one is due, is made once the answer is on its way.
      setImmediate(() => entry.checker.prepare());
      // TypeScript's code cache is taken once a script has been checked for what it calls: the
      // first check is serve's preparation, a trivial script that runs little of the checker.
      checks += 1;
      if (checks >= 2 || diagnostics.length > 0) setImmediate(saveTypeScriptCodeCache);
      return { type: "types", diagnostics };
    }
  }
}

port.on("message", (request: CheckRequest) => {
  clearTimeout(collectTimer);
  port.postMessage(answer(request));
  collectWhenIdle();
});
port.postMessage({ type: "ready" } satisfies CheckMessage);
