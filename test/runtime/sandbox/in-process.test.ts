/**
 * Many calls in one script, to an operation whose invoker runs in-process (registered through
 * createRuntime's `invokers`, the hook the benchmark uses), and the limit on calls per run.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createRuntime, type Manifest, type ManifestUnit } from "../../../runtime/index.js";
import { runCodeMode } from "../../../runtime/sandbox/index.js";
import { bundleDir, calcManifest } from "./support.js";

const manifest = calcManifest();
const unit = manifest.units[0] as ManifestUnit;
const seen: unknown[] = [];
const runtime = createRuntime({
  manifest,
  invokers: {
    "in-process": async (input) => {
      seen.push(input);
      const { a, b } = input as { a: number; b: number };
      return { value: a + b, truncated: false };
    },
  },
});
afterAll(() => runtime.close());

const run = (code: string) => runCodeMode(runtime, { code }, bundleDir, { typecheck: false });

describe("calls to an in-process operation", () => {
  it("makes 100 sequential calls in one script", async () => {
    seen.length = 0;
    const result = await run(
      "let sum = 0;\nfor (let i = 0; i < 100; i++) sum = await units.calc.add({ a: sum, b: i });\nreturn sum;",
    );
    expect(result).toMatchObject({ ok: true, value: 4950 });
    expect(seen).toHaveLength(100);
  });

  it("runs parallel calls, a few at a time on the host", async () => {
    const result = await run(
      "const all = await Promise.all(Array.from({ length: 50 }, (_, i) => units.calc.add({ a: i, b: 1 })));\nreturn all.at(-1);",
    );
    expect(result).toMatchObject({ ok: true, value: 50 });
  });

  it("stops a run at 1,000 calls", async () => {
    const result = await run(
      "let n = 0;\nfor (;;) { await units.calc.add({ a: 1, b: 1 }); n++; if (n > 2000) return n; }",
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: "CALL_LIMIT", message: "the script made more than 1000 calls; the run was stopped" },
    });
  });

  it("never replaces a built-in invoker kind", async () => {
    const hijack = createRuntime({
      manifest: {
        ...manifest,
        units: [
          {
            ...unit,
            operations: [
              {
                ...unit.operations[0],
                invoke: {
                  kind: "cli",
                  command: "true",
                  args: [],
                  env: {},
                  cwd: ".",
                  timeoutMs: 1000,
                  maxOutputBytes: 100,
                  output: "text",
                },
              },
            ],
          },
        ],
      } as Manifest,
      invokers: { cli: async () => ({ value: "hijacked", truncated: false }) },
    });
    expect(await hijack.call("calc", "add", { a: 1, b: 2 })).toBe("");
    await hijack.close();
  });
});
