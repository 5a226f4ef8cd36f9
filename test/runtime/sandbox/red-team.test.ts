/**
 * Every red-team pattern comes back as an error or a benign value, the host sentinels stay
 * untouched (a host global, a temp file, no unhandled rejection on the host), and the runtime
 * still answers afterwards, both on the host and in a new sandbox run.
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "../../../runtime/sandbox/index.js";
import { contained, pwnPrelude, RED_TEAM_CASES } from "./red-team-cases.js";
import { type ExampleBundle, startExample } from "./support.js";

const FILE = join(tmpdir(), `unitc-red-team-${process.pid}`);
const host = globalThis as { __pwned?: unknown };
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
const pool = new SandboxPool({ size: 2 });
let example: ExampleBundle;

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  example = await startExample(pool);
  await example.run("return 1");
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await example.close();
  await pool.close();
});

describe("sandbox red team", () => {
  it("has at least 24 cases", () => {
    expect(RED_TEAM_CASES.length).toBeGreaterThanOrEqual(24);
  });

  it.each(RED_TEAM_CASES.map((c) => [`${c.id}: ${c.pattern}`, c] as const))("%s", async (_name, c) => {
    const result = await example.run(
      `${pwnPrelude(FILE)}${c.code}`,
      c.timeoutMs ? { timeoutMs: c.timeoutMs } : {},
    );
    expect(contained(result), JSON.stringify(result)).toBe(true);
    if ("error" in c.expect) {
      const codes = Array.isArray(c.expect.error) ? c.expect.error : [c.expect.error];
      expect(result.ok ? "ok" : result.error.code, JSON.stringify(result)).toBeOneOf(codes);
    } else {
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(c.expect.value(result.ok ? result.value : undefined), JSON.stringify(result)).toBe(true);
    }
    expect(host.__pwned).toBeUndefined();
    expect(existsSync(FILE)).toBe(false);
    expect(rejections).toEqual([]);
    await expect(example.runtime.call("notes", "listNotes")).resolves.toHaveLength(2);
    await expect(example.run("return 6 * 7")).resolves.toMatchObject({ ok: true, value: 42 });
  });
});
