/**
 * One client must not stall Code Mode for everyone: a script whose type check takes TypeScript
 * minutes, or scripts that spin until their deadline, from one MCP session; meanwhile another
 * session's `return 1 + 1` comes back first, while the slow ones are still going (an ordering, so a
 * loaded machine does not fail it). Real `unitc serve` over Streamable HTTP on a free port, real SDK
 * clients, one session each.
 */
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDefaultSandboxPool, codeModeLimits } from "../../runtime/sandbox/index.js";
import { closeAll, connect, errorOf, serve, structured } from "../runtime/serve/support.js";

const manifestPath = fileURLToPath(new URL("../../generated/basic/manifest.json", import.meta.url));
const env = { PATH: process.env.PATH, NOTES_TOKEN: "fair-notes-1", WEATHER_KEY: "fair-weather-2" };
/**
 * Tuples that nest their own prefix: each step doubles the type, so comparing `T<28>` with
 * `T<27>` keeps TypeScript busy for minutes, from a 150-byte script.
 */
const TYPE_HEAVY = `type T<N extends number, A extends unknown[] = []> = A["length"] extends N ? A : T<N, [...A, A]>;
const x = null as unknown as T<28>;
const y: T<27> = x;
return 1`;
let url: string;

beforeAll(async () => {
  url = (await serve({ manifestPath, env })).url;
  // Start the engine and checker workers (TypeScript loads) before the tests compare anything.
  expect(await codeMode(await connect(url), "return 1")).toMatchObject({ ok: true, value: 1 });
  expect(await checkedAgain(await connect(url))).toEqual([expect.objectContaining({ code: "TS2322" })]);
}, 60_000);

/** Calls of {@link checkedAgain} so far: each tries texts of its own. */
let rounds = 0;

/**
 * The type warnings of a wrong script, once the type checker is ready: while it loads, runs go
 * ahead unchecked with a warning that says so, so this tries new texts until one is checked. The
 * texts are new to the serve too: one answered before comes from its cache of recent answers, and
 * would say nothing of a checker started again since.
 */
async function checkedAgain(client: Client) {
  rounds += 1;
  for (let i = 0; ; i += 1) {
    const { diagnostics } = await codeMode(client, `const n: number = 'x${rounds}-${i}';\nreturn n`);
    if (i >= 40 || diagnostics?.[0]?.code !== "TYPECHECK_SKIPPED") return diagnostics;
    expect(diagnostics[0]?.message).toContain("still starting");
    await sleep(250);
  }
}
afterAll(async () => {
  await closeAll();
  await closeDefaultSandboxPool();
});

async function codeMode(client: Client, code: string, timeoutMs?: number) {
  const args = { code, ...(timeoutMs ? { timeoutMs } : {}) };
  const result = await client.callTool({ name: "code_mode", arguments: args }, { timeout: 120_000 });
  // A failed run is an error result: its fields are in `_meta["unitc/error"]`, not structuredContent.
  const body = (result as { isError?: boolean }).isError
    ? { ok: false, error: errorOf(result), diagnostics: errorOf(result).diagnostics }
    : structured(result);
  return body as Record<string, unknown> & { diagnostics?: Array<Record<string, unknown>> };
}

/** `promise`, with a flag that says whether it has settled yet. */
function watched<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  void promise.finally(() => {
    done = true;
  });
  return { promise, settled: () => done };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Code Mode fairness between sessions", () => {
  it("answers another session while a type-heavy script holds the type checker", async () => {
    const [a, b] = await Promise.all([connect(url), connect(url)]);
    const heavy = watched(codeMode(a, TYPE_HEAVY));
    // A's type check is under way when B asks.
    await sleep(500);
    const quick = await codeMode(b, "return 1 + 1");
    expect(quick).toMatchObject({ ok: true, value: 2 });
    expect(heavy.settled()).toBe(false);
    expect(quick.diagnostics).toEqual([
      expect.objectContaining({ code: "TYPECHECK_SKIPPED", message: expect.stringContaining("busy") }),
    ]);
    // A's script still runs; its check gave up at the budget, with a warning that says so.
    const slow = await heavy.promise;
    expect(slow).toMatchObject({ ok: true, value: 1 });
    const budget = codeModeLimits.TYPECHECK_BUDGET_MS;
    expect(slow.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "TYPECHECK_SKIPPED",
        message: expect.stringContaining(`took over ${budget} ms`),
      }),
    ]);
    // The checker was replaced: while the new one loads, runs go ahead unchecked with a warning that
    // says so; then scripts are checked again.
    expect(await checkedAgain(b)).toEqual([expect.objectContaining({ code: "TS2322" })]);
  });

  it("keeps one session's endless scripts from delaying another session", async () => {
    const [a, c] = await Promise.all([connect(url), connect(url)]);
    const spins = [codeMode(a, "for (;;) {}", 6_000), codeMode(a, "for (;;) {}", 6_000)].map(watched);
    await sleep(500);
    const quick = await codeMode(c, "return 1 + 1");
    expect(quick).toMatchObject({ ok: true, value: 2 });
    expect(spins.map((spin) => spin.settled())).toEqual([false, false]);
    for (const spin of await Promise.all(spins.map((s) => s.promise)))
      expect(spin).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
  });

  it("refuses runs past what one session may queue, with a clear error", async () => {
    const a = await connect(url);
    const { MAX_RUNS_PER_SESSION, MAX_QUEUED_RUNS_PER_SESSION } = codeModeLimits;
    const total = MAX_RUNS_PER_SESSION + MAX_QUEUED_RUNS_PER_SESSION + 1;
    // The first runs long enough for the others to arrive while it holds the session's only slot,
    // however slowly a loaded machine delivers them; they only queue (or are refused) behind it.
    const first = codeMode(a, "for (;;) {}", 6_000);
    await sleep(1_000);
    const rest = Array.from({ length: total - 1 }, () => codeMode(a, "for (;;) {}", 200));
    const results = await Promise.all([first, ...rest]);
    const refused = results.filter(
      (r) => (r.error as { code?: string } | undefined)?.code === "TOO_MANY_RUNS",
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]?.error).toMatchObject({
      message: `this session already has ${MAX_RUNS_PER_SESSION} Code Mode run(s) going and ${MAX_QUEUED_RUNS_PER_SESSION} waiting`,
      hint: expect.stringContaining("wait"),
    });
    expect(
      results.filter((r) => (r.error as { code?: string } | undefined)?.code === "TIMEOUT"),
    ).toHaveLength(total - 1);
  });
});
