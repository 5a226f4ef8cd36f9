/**
 * The type checker prepared before any script (what `unitc serve` does as it starts): its worker is
 * starting the moment it is asked, a script checked while it prepares waits its turn and gets its
 * type error, and a checker ended (a serve that turned out to have no Code Mode unit) starts again
 * for the next script. Real worker threads and TypeScript over the committed example bundle.
 */
import { afterEach, describe, expect, it } from "vitest";
import { checkScript } from "../../../../runtime/sandbox/check.js";
import { loadDeclarations, SandboxPool } from "../../../../runtime/sandbox/index.js";
import { bundleDir } from "../support.js";

let pool: SandboxPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const WRONG = (n: number) => `const n: number = "text ${n}";\nreturn n`;

describe("preparing the type checker before any script", () => {
  it("starts its worker at once, and a script checked after it gets its type error", async () => {
    pool = new SandboxPool({ size: 1 });
    expect(pool.checks.typesStarted).toBe(false);
    const preparing = pool.checks.prepareTypes();
    // Started before this returned: the caller goes on reading the bundle while TypeScript loads.
    expect(pool.checks.typesStarted).toBe(true);
    await preparing;
    const check = checkScript(pool, bundleDir, loadDeclarations(bundleDir), WRONG(1));
    expect(await check.checked).toEqual([expect.objectContaining({ code: "TS2322", line: 1 })]);
  });

  it("makes a script checked while it prepares wait its turn, then answers it", async () => {
    pool = new SandboxPool({ size: 1 });
    const preparing = pool.checks.prepareTypes();
    const check = checkScript(pool, bundleDir, loadDeclarations(bundleDir), WRONG(2));
    const [found] = await Promise.all([check.checked, preparing]);
    expect(found).toEqual([expect.objectContaining({ code: "TS2322", line: 1 })]);
  });

  it("ends the prepared checker when told, and starts it again for the next script", async () => {
    pool = new SandboxPool({ size: 1 });
    await pool.checks.prepareTypes();
    await pool.checks.stopTypes();
    expect(pool.checks.typesStarted).toBe(false);
    const check = checkScript(pool, bundleDir, loadDeclarations(bundleDir), WRONG(3));
    expect(await check.checked).toEqual([expect.objectContaining({ code: "TS2322", line: 1 })]);
    expect(pool.checks.typesStarted).toBe(true);
  });
});
