// Code Mode: the round trip of an empty script (warm workers), 100 sequential calls to an
// in-process operation inside one script, cold worker starts, and the `unitc tokens` figures of
// the example bundle. The in-process operation is a test-only invoke kind registered through
// createRuntime's `invokers` option (built-in kinds cannot be replaced that way).
import { join } from "node:path";
import { tokenFigures } from "../dist/cli/commands/tokens.js";
import { createRuntime, readManifest } from "../dist/runtime/index.js";
import { runCodeMode, SandboxPool } from "../dist/runtime/sandbox/index.js";
import { clientRows, PAUSE_MS } from "./code-mode-client.mjs";
import { utcpFigures } from "./code-mode-utcp.mjs";
import { isMain, median, printTable, root } from "./support.mjs";

const ROUNDS = 40;
const CALLS = 100;
const bundleDir = join(root, "generated/basic");

/** A bundle of one Code Mode unit whose operation adds two numbers in-process. */
function inProcessRuntime() {
  const operation = {
    name: "add",
    tsName: "add",
    description: "Add two numbers.",
    inputSchema: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    },
    invoke: { kind: "in-process" },
    schemaHash: "sha256:bench",
  };
  const unit = {
    id: "calc",
    kind: "cli",
    name: "Calc",
    description: "In-process arithmetic.",
    tags: [],
    exposure: "code_mode",
    shadowing: "forbid",
    connection: { kind: "cli" },
    operations: [operation],
    sourceHash: "sha256:bench",
  };
  const manifest = {
    format: 1,
    generator: "unitc",
    settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
    units: [unit],
  };
  const invokers = { "in-process": async (input) => ({ value: input.a + input.b, truncated: false }) };
  return createRuntime({ manifest, baseDir: root, invokers });
}

async function timed(rounds, run) {
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const result = await run(i);
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(`run failed: ${JSON.stringify(result.error)}`);
  }
  return median(times);
}

async function coldStarts() {
  const engine = [];
  for (let i = 0; i < 3; i++) {
    const pool = new SandboxPool({ size: 1 });
    const started = performance.now();
    await pool.warm();
    engine.push(performance.now() - started);
    await pool.close();
  }
  const pool = new SandboxPool({ size: 1 });
  const runtime = createRuntime({ manifestPath: join(bundleDir, "manifest.json") });
  const started = performance.now();
  const first = await runCodeMode(runtime, { code: "return 1" }, bundleDir, { pool });
  const firstRun = performance.now() - started;
  if (!first.ok) throw new Error("the first run failed");
  await pool.close();
  return { engine: median(engine), firstRun };
}

export async function run() {
  const utcp = await utcpFigures({ pauseMs: PAUSE_MS });
  const clientSide = await clientRows(utcp);
  const cold = await coldStarts();
  const pool = new SandboxPool();
  const example = createRuntime({ manifestPath: join(bundleDir, "manifest.json") });
  const calc = inProcessRuntime();
  const script = `let sum = 0;\nfor (let i = 0; i < ${CALLS}; i++) sum = await units.calc.add({ a: sum, b: i });\nreturn sum;`;
  try {
    const go = (runtime, code, options = {}) =>
      runCodeMode(runtime, { code }, bundleDir, { pool, ...options });
    await timed(5, () => go(example, "return 1"));
    const cached = await timed(ROUNDS, () => go(example, "return 1"));
    const fresh = await timed(ROUNDS, (i) => go(example, `return ${i}`));
    // TypeScript syntax: esbuild strips the types (plain JavaScript runs as written).
    const typed = await timed(ROUNDS, (i) => go(example, `const n: number = ${i};\nreturn n`));
    const unchecked = await timed(ROUNDS, () => go(example, "return 1", { typecheck: false }));
    // Warm as the other rows are: the first runs of a new script shape compile the call path.
    await timed(10, () => go(calc, script, { typecheck: false }));
    const calls = await timed(ROUNDS, () => go(calc, script, { typecheck: false }));
    const tokens = await tokenFigures(readManifest(join(bundleDir, "manifest.json")).manifest);
    return [
      ...clientSide,
      {
        name: "Code Mode round trip, empty script, warm (same text: type check cached)",
        value: cached.toFixed(1),
        unit: "ms",
        target: "< 5 ms",
      },
      {
        name: "Code Mode round trip, empty script, warm (new text: type check runs)",
        value: fresh.toFixed(1),
        unit: "ms",
      },
      {
        name: "Code Mode round trip, one-line TypeScript script, warm (new text: type check and esbuild run)",
        value: typed.toFixed(1),
        unit: "ms",
      },
      {
        name: "Code Mode round trip, empty script, warm (type check off)",
        value: unchecked.toFixed(1),
        unit: "ms",
      },
      {
        name: `Code Mode run of ${CALLS} sequential in-process calls, warm (UTCP direct calls, in-process: ${utcp ? `${utcp.hundred.toFixed(2)} ms` : "not installed"})`,
        value: calls.toFixed(1),
        unit: "ms",
        target: "< 10 ms",
      },
      { name: "cold engine worker start (spawn + QuickJS)", value: cold.engine.toFixed(0), unit: "ms" },
      {
        name: "cold first run (engine + checker workers, TypeScript load)",
        value: cold.firstRun.toFixed(0),
        unit: "ms",
      },
      ...tokens.map((t) => ({
        name: `tokens, examples/basic: ${t.name} (${t.detail})`,
        value: t.tokens,
        unit: "o200k",
      })),
    ];
  } finally {
    await Promise.all([example.close(), calc.close(), pool.close()]);
  }
}

if (isMain(import.meta.url)) printTable(await run());
