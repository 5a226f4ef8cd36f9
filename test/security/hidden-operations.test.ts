/**
 * Attack: calling an operation its unit's exposure hides. `unitc/call` exists so a stacked unitc
 * instance can call the operations it serves as direct or progressive tools; any MCP client can send
 * it, and it used to call any operation "whatever its exposure", so a unit exposed to Code Mode only
 * could be called around the sandbox. It now refuses units without a direct or progressive part.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/v4";
import { closeAll, connect } from "../runtime/serve/support.js";
import { type Served, startServe, TOKEN } from "./serve-support.js";

const Answer = z.looseObject({
  ok: z.boolean(),
  value: z.unknown().optional(),
  error: z.looseObject({ code: z.string(), message: z.string(), hint: z.string().optional() }).optional(),
});

let served: Served;

beforeAll(async () => {
  served = await startServe();
});
afterAll(async () => {
  await served.running.stop();
  await closeAll();
});

async function unitcCall(unit: string, operation: string, args: unknown = {}) {
  const client = await connect(served.url, TOKEN);
  return client.request({ method: "unitc/call", params: { unit, operation, args } }, Answer);
}

describe("unitc/call from a real MCP client", () => {
  it("refuses an operation of a unit exposed to Code Mode only, without running it", async () => {
    const answer = await unitcCall("cm", "stamp");
    expect(answer).toEqual({
      ok: false,
      error: {
        code: "NOT_EXPOSED",
        message: "unit cm is exposed as code_mode: its operations are not called through unitc/call",
        hint: "call it from a Code Mode script (the code_mode tool)",
      },
    });
  });

  it.each([
    ["a direct unit", "shell", "echo", { text: "hi" }, "hi\n"],
    ["a direct and Code Mode unit", "dc", "hello", {}, "hello\n"],
    ["a progressive and Code Mode unit", "pc", "upper", { text: "up" }, "up\n"],
  ])("still calls %s", async (_name, unit, operation, args, printed) => {
    const answer = await unitcCall(unit, operation, args);
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
    expect(JSON.stringify(answer.value)).toContain(JSON.stringify(printed).slice(1, -1));
  });
});
