/**
 * A runtime for attack scripts: one Code Mode unit, `sink.put({ body })`, whose operation runs
 * in-process (answering the body's length after `delayMs`), seen by the bridge through a wrapper
 * that counts every call it is asked to make, aborted ones included.
 */
import {
  createRuntime,
  type Manifest,
  type ManifestOperation,
  type UnitRuntime,
} from "../../runtime/index.js";

const manifest: Manifest = {
  format: 1,
  generator: "unitc",
  settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
  units: [
    {
      id: "sink",
      kind: "cli",
      name: "Sink",
      description: "Takes text.",
      tags: [],
      exposure: "code_mode",
      shadowing: "forbid",
      connection: { kind: "cli" },
      operations: [
        {
          name: "put",
          tsName: "put",
          description: "Store a body.",
          inputSchema: { type: "object", properties: { body: { type: "string" } }, required: ["body"] },
          // A kind outside the manifest's union: the runtime's `invokers` answer it.
          invoke: { kind: "in-process" } as unknown as ManifestOperation["invoke"],
          schemaHash: "sha256:test",
        },
      ],
      sourceHash: "sha256:test",
    },
  ],
};

export interface SinkStats {
  /** Calls the operation ran. */
  calls: number;
  /** Calls the bridge asked the runtime for. */
  dispatched: number;
  /** The most calls running at once. */
  mostInFlight: number;
  /** How long each call takes. */
  delayMs: number;
}

/** The sink runtime (`counted` is what a run should get) and its counters. */
export function sinkRuntime(): { runtime: UnitRuntime; counted: UnitRuntime; stats: SinkStats } {
  const stats: SinkStats = { calls: 0, dispatched: 0, mostInFlight: 0, delayMs: 5 };
  let inFlight = 0;
  const runtime = createRuntime({
    manifest,
    invokers: {
      "in-process": async (input) => {
        stats.calls += 1;
        inFlight += 1;
        stats.mostInFlight = Math.max(stats.mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, stats.delayMs));
        inFlight -= 1;
        return { value: (input as { body: string }).body.length, truncated: false };
      },
    },
  });
  const counted: UnitRuntime = Object.create(runtime, {
    invoke: {
      value: (...args: Parameters<UnitRuntime["invoke"]>) => {
        stats.dispatched += 1;
        return runtime.invoke(...args);
      },
    },
  });
  return { runtime, counted, stats };
}
