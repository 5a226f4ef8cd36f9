/**
 * The host side of the bridge treats every request as untrusted: a forged request for
 * a unit outside Code Mode, an unknown operation or invalid input is refused before dispatch, and
 * answers carry only codes, messages and hints.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExampleServer } from "../../../examples/basic/server.mjs";
import { createRuntime, type UnitRuntime } from "../../../runtime/index.js";
import { Bridge } from "../../../runtime/sandbox/bridge.js";
import { loadDeclarations } from "../../../runtime/sandbox/declarations/declarations.js";
import { runCodeMode } from "../../../runtime/sandbox/index.js";
import { bundleDir, env, exampleManifest } from "./support.js";

let server: Awaited<ReturnType<typeof startExampleServer>>;
let runtime: UnitRuntime;
beforeAll(async () => {
  server = await startExampleServer({ port: 0, notesToken: env.NOTES_TOKEN, weatherKey: env.WEATHER_KEY });
  const manifest = exampleManifest(server.url);
  // notes is served as direct tools only: it exists in the runtime, but not in Code Mode.
  for (const unit of manifest.units) if (unit.id === "notes") unit.exposure = "direct";
  runtime = createRuntime({ manifest, baseDir: bundleDir, env });
});
afterAll(async () => {
  await runtime.close();
  await server.close();
});

const CASES: Array<[string, unknown, Record<string, unknown>]> = [
  [
    "a unit outside Code Mode",
    { kind: "call", unit: "notes", operation: "listNotes" },
    { code: "UNKNOWN_UNIT" },
  ],
  [
    "an operation the unit lacks",
    { kind: "call", unit: "files", operation: "removeAll" },
    { code: "UNKNOWN_OPERATION" },
  ],
  [
    "a source name instead of a tsName",
    { kind: "call", unit: "files", operation: "toString" },
    { code: "UNKNOWN_OPERATION" },
  ],
  [
    "input failing the schema",
    { kind: "call", unit: "files", operation: "wordCount", input: { file: 3 } },
    { code: "INPUT_INVALID", problems: ["input.file must be string"] },
  ],
  ["an unknown request kind", { kind: "exec", command: "id" }, { code: "ARGS_INVALID" }],
  ["a request that is not an object", ["call"], { code: "ARGS_INVALID" }],
  [
    "a search of a unit outside Code Mode",
    { kind: "search", query: "notes", unit: "notes" },
    { code: "UNKNOWN_UNIT" },
  ],
  ["a search limit of zero", { kind: "search", query: "x", limit: 0 }, { code: "ARGS_INVALID" }],
  ["a search limit above the maximum", { kind: "search", query: "x", limit: 51 }, { code: "LIMIT_TOO_HIGH" }],
  ["an empty search", { kind: "search", query: " " }, { code: "ARGS_INVALID" }],
  ["a describe of a unit outside Code Mode", { kind: "describe", unit: "notes" }, { code: "UNKNOWN_UNIT" }],
  [
    "a describe with a non-string operation",
    { kind: "describe", unit: "files", operation: 5 },
    { code: "ARGS_INVALID" },
  ],
];

describe("the host bridge", () => {
  it.each(CASES)("refuses %s", async (_name, request, error) => {
    const bridge = new Bridge(runtime, () => loadDeclarations(bundleDir));
    const answer = JSON.parse(await bridge.handle(JSON.stringify(request)));
    expect(answer).toMatchObject({ ok: false, error });
    for (const value of Object.values(answer.error))
      expect(["string", "number", "object"]).toContain(typeof value);
  });

  it("refuses text that is not JSON", async () => {
    const bridge = new Bridge(runtime, () => undefined);
    expect(JSON.parse(await bridge.handle("{kind:"))).toMatchObject({
      ok: false,
      error: { code: "ARGS_INVALID" },
    });
  });

  it("answers a call that fails without a code of its own with CALL_FAILED", async () => {
    // The real runtime, except that its invoke throws a plain error, as a bug in an invoker would.
    const failing = Object.create(runtime, {
      invoke: { value: () => Promise.reject(new TypeError("x is not a function")) },
    }) as UnitRuntime;
    const bridge = new Bridge(failing, () => undefined);
    expect(JSON.parse(await bridge.handle('{"kind":"call","unit":"files","operation":"listFiles"}'))).toEqual(
      { ok: false, error: { code: "CALL_FAILED", message: "the call failed: x is not a function" } },
    );
  });

  it("answers a valid call and search with plain JSON", async () => {
    const bridge = new Bridge(runtime, () => undefined);
    const listing = JSON.parse(await bridge.handle('{"kind":"call","unit":"files","operation":"listFiles"}'));
    expect(listing.value).toContain("server.mjs");
    const found = JSON.parse(await bridge.handle('{"kind":"search","query":"notes list"}'));
    expect(found.value.map((hit: { unit: string }) => hit.unit)).not.toContain("notes");
  });

  it("gives the sandbox no stub for a unit outside Code Mode, and says why when the script reads it", async () => {
    const listed = await runCodeMode(runtime, { code: "return Object.keys(units)" }, bundleDir);
    expect(listed).toMatchObject({
      ok: true,
      value: ["files", "weather__current", "weather__forecast", "search", "describe"],
    });
    const read = await runCodeMode(
      runtime,
      { code: "return await (units as any).notes.listNotes()" },
      bundleDir,
    );
    expect(read).toMatchObject({
      ok: false,
      error: {
        code: "SCRIPT_ERROR",
        message:
          'Error: unit "notes" is not exposed to Code Mode (its exposure is direct); call it through its MCP tools, or set its exposure to include code_mode',
      },
    });
  });

  it("never lets a secret reach the script, its logs or its errors", async () => {
    const code = `
const out: unknown[] = [];
for (const call of [() => units.weather__current.now({ city: "paris" }), () => units.weather__current.now({ city: "nowhere" }),
  () => units.files.listFiles({ folder: "/proc/self" }), () => units.weather__forecast.threeDay({ city: "oslo" })]) {
  try { out.push(await call()); } catch (e: any) { out.push([e.code, e.message, e.hint, e.stack]); console.error(e); }
}
return out;`;
    const text = JSON.stringify(await runCodeMode(runtime, { code }, bundleDir));
    expect(text).toContain("HTTP_STATUS");
    expect(text).not.toContain(env.NOTES_TOKEN);
    expect(text).not.toContain(env.WEATHER_KEY);
  });
});
