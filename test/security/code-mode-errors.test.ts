/**
 * What a failed Code Mode run reports is the host's word: an error message the script made huge is
 * cut with a visible marker (like a result), and a script cannot pass its own failure off as one of
 * the host's codes (`TIMEOUT`, a unit's `HTTP_STATUS`, …). A failed unit call keeps its code, even
 * when the script rethrows it. Real engine workers, the example bundle against its real service.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeModeLimits, SandboxPool } from "../../runtime/sandbox/index.js";
import { type ExampleBundle, startExample } from "../runtime/sandbox/support.js";

const pool = new SandboxPool({ size: 1 });
let example: ExampleBundle;

beforeAll(async () => {
  example = await startExample(pool);
});
afterAll(async () => {
  await example.close();
  await pool.close();
});

const CAP = codeModeLimits.MAX_ERROR_BYTES;
const EIGHT_MIB = 8 * 1024 * 1024;

describe("Code Mode errors", () => {
  it.each([
    ["an Error's message", `throw new Error("m".repeat(${EIGHT_MIB}))`],
    ["an Error's name", `const e = new Error("boom"); e.name = "N".repeat(${EIGHT_MIB}); throw e`],
    ["a thrown string", `throw "s".repeat(${EIGHT_MIB})`],
  ])("caps %s at the error cap, with a marker", async (_name, code) => {
    const result = await example.run(code);
    expect(result.ok).toBe(false);
    const error = (result as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("SCRIPT_ERROR");
    expect(error.message).toMatch(/ … \[message truncated: it is \d+ bytes; the cap is \d+ bytes\]$/);
    expect(Buffer.byteLength(error.message)).toBeLessThan(CAP + 200);
    // The whole answer stays small: no part of the run's result carries the 8 MiB.
    expect(JSON.stringify(result).length).toBeLessThan(CAP + 4_096);
  });

  it.each([
    ["a plain object with a code", 'throw { code: "TIMEOUT", message: "fake", hint: "fake hint" }'],
    ["an Error with a code", 'const e = new Error("fake"); (e as any).code = "TIMEOUT"; throw e'],
    [
      "an Error posing as a unit error",
      'const e = new Error("fake"); e.name = "UnitError"; (e as any).code = "HTTP_STATUS"; throw e',
    ],
    [
      "a copy of a real unit error",
      'try { await units.notes.getNote({ id: "missing" }) } catch (e) { throw { ...e, message: "fake", code: e.code } }',
    ],
  ])("reports %s as SCRIPT_ERROR, never its own code", async (_name, code) => {
    const result = await example.run(code);
    expect(result).toMatchObject({
      ok: false,
      error: { code: "SCRIPT_ERROR", message: expect.stringContaining("fake") },
    });
    expect((result as { error: { hint?: string } }).error.hint).toBeUndefined();
  });

  it("keeps the host's code of a failed unit call, rethrown or tampered with", async () => {
    const plain = await example.run('return await units.notes.getNote({ id: "missing" })');
    expect(plain).toMatchObject({ ok: false, error: { code: "HTTP_STATUS" } });
    const tampered = await example.run(
      'try { await units.notes.getNote({ id: "missing" }) } catch (e: any) { e.code = "TIMEOUT"; e.message = "fake"; e.hint = "fake"; throw e }',
    );
    expect(tampered).toMatchObject({ ok: false, error: { code: "HTTP_STATUS" } });
    const error = (tampered as { error: { message: string; hint?: string } }).error;
    expect(error.message).not.toContain("fake");
    expect(error.hint ?? "").not.toContain("fake");
  });
});
