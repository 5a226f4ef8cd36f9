/**
 * The checks of schema-check.ts (whether the runtime's validator accepts each operation's input
 * schema) in a worker thread, for a large spec: compiling the schemas with ajv was about a third of
 * the compile of GitHub's REST spec, and the thread that converts the operations is the one the
 * compile waits for. The conversion goes on as if every schema were accepted, queueing each here as
 * it is made, and asks at the end whether one was refused: almost never, and then discoverOpenapi
 * converts the spec again with the checks in line, so what the compile says and writes is the same
 * either way. The worker is this same file (as the OpenAPI types worker is).
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { compileCache } from "../../../runtime/shared/compile-cache.js";
import { definitionsProblem, ownPartProblem } from "./schema-check.js";

/** Marks the worker's data, so the file knows it was started as the worker. */
const WORKER_KEY = "unitcOpenapiInputChecks";

/** As JSON text (cheaper to send than a structured clone, and a `__proto__` key stays a key). */
type Request = { ownPart: string } | { definitions: string };

type Reply = { refused: boolean };

/** Input schemas checked in a worker while the operations are converted. */
export interface InputChecks {
  /** Queues `schema`'s own part (its definitions stood in for); says nothing yet. */
  ownPart(schema: JsonSchema): undefined;
  /** Queues the definitions, together: true when they and every own part queued are accepted. */
  accepted(definitions: Readonly<Record<string, JsonSchema>>): Promise<boolean>;
}

/**
 * The worker's young generation, in MB: as the types worker's (see YOUNG_MB in types-module.ts),
 * left to V8 it grows as large as the main thread's.
 */
const YOUNG_MB = 24;

/**
 * A worker checking input schemas, or undefined when this file is not one Node can start (from
 * TypeScript sources, as in tests: the checks then run in line).
 */
export function startInputChecks(): InputChecks | undefined {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith(".js")) return undefined;
  const thread = new Worker(self, {
    workerData: { [WORKER_KEY]: true },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
  });
  // A worker that fails says nothing was checked: the spec is converted again with the checks in line.
  const answer = new Promise<boolean>((resolve) => {
    thread.once("message", (reply: Reply) => resolve(!reply.refused));
    thread.once("error", () => resolve(false));
    thread.once("exit", () => resolve(false));
  });
  const post = (request: Request) => thread.postMessage(request);
  return {
    ownPart(schema) {
      post({ ownPart: JSON.stringify(schema) });
      return undefined;
    },
    accepted(definitions) {
      post({ definitions: JSON.stringify(definitions) });
      return answer;
    },
  };
}

function runAsWorker(): void {
  // A worker thread does not share its process's compile cache.
  compileCache();
  let refused = false;
  parentPort?.on("message", (request: Request) => {
    // Once one is refused the answer is known; the rest need not be compiled.
    if ("ownPart" in request) {
      if (!refused) refused = ownPartProblem(JSON.parse(request.ownPart) as JsonSchema) !== undefined;
      return;
    }
    const definitions = JSON.parse(request.definitions) as Record<string, JsonSchema>;
    refused ||= definitionsProblem(definitions) !== undefined;
    parentPort?.postMessage({ refused } satisfies Reply);
    parentPort?.close();
  });
}

const started = isMainThread ? undefined : (workerData as Record<string, unknown> | null)?.[WORKER_KEY];
if (started === true) runAsWorker();
