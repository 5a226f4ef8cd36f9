/** Entry of the type-check worker thread: keeps one checker per bundle and answers checks in order. */
import { parentPort } from "node:worker_threads";
import type { CheckMessage, CheckRequest } from "./protocol.js";
import { BundleChecker } from "./typecheck.js";

/** Bundles whose checker stays loaded; the least recently used goes first. */
const MAX_BUNDLES = 4;

const port = parentPort;
if (!port) throw new Error("check-worker runs as a worker thread");
const checkers = new Map<string, { version: string; checker: BundleChecker }>();

function checkerFor(request: CheckRequest): BundleChecker | undefined {
  const entry = checkers.get(request.bundleDir);
  checkers.delete(request.bundleDir);
  if (entry && entry.version === request.version) {
    checkers.set(request.bundleDir, entry);
    return entry.checker;
  }
  if (request.declarations === undefined) return undefined;
  const checker = entry?.checker ?? new BundleChecker(request.declarations);
  if (entry) checker.setDeclarations(request.declarations);
  checkers.set(request.bundleDir, { version: request.version, checker });
  if (checkers.size > MAX_BUNDLES) checkers.delete(checkers.keys().next().value as string);
  return checker;
}

port.on("message", (request: CheckRequest) => {
  const checker = checkerFor(request);
  if (!checker) {
    port.postMessage({ type: "syntax", outcome: { diagnostics: [], stale: true } } satisfies CheckMessage);
    return;
  }
  const outcome = checker.syntax(request.code);
  port.postMessage({ type: "syntax", outcome } satisfies CheckMessage);
  if (outcome.diagnostics.length > 0) return;
  port.postMessage({ type: "types", diagnostics: checker.types(request.code) } satisfies CheckMessage);
});
port.postMessage({ type: "ready" } satisfies CheckMessage);
