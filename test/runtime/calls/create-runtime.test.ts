/** createRuntime: loading manifests, looking up operations, validating input before any call. */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRuntime, type Manifest, UnitError } from "../../../runtime/index.js";

function manifest(): Manifest {
  return {
    format: 1,
    generator: "unitc",
    settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
    units: [
      {
        id: "echo",
        kind: "cli",
        name: "Echo",
        description: "Echo things.",
        tags: [],
        exposure: "code_mode",
        shadowing: "forbid",
        connection: { kind: "cli" },
        sourceHash: "sha256:0",
        operations: [
          {
            name: "say-it",
            tsName: "say_it",
            description: "Print words.",
            inputSchema: {
              type: "object",
              properties: { words: { type: "array", items: { type: "string" }, minItems: 1 } },
              required: ["words"],
              additionalProperties: false,
            },
            invoke: {
              kind: "cli",
              command: process.execPath,
              args: ["-e", "process.stdout.write(process.argv.slice(1).join(' '))", "$input.words"],
              env: {},
              cwd: ".",
              timeoutMs: 10_000,
              maxOutputBytes: 10_000,
              output: "text",
            },
            schemaHash: "sha256:0",
          },
        ],
      },
    ],
  };
}

async function failure(promise: Promise<unknown>): Promise<UnitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnitError);
  return error as UnitError;
}

describe("createRuntime", () => {
  const runtime = createRuntime({ manifest: manifest(), env: { PATH: process.env.PATH } });

  it("calls an operation by its source name or its TS name", async () => {
    expect(await runtime.call("echo", "say-it", { words: ["a", "b"] })).toBe("a b");
    expect(await runtime.call("echo", "say_it", { words: ["c"] })).toBe("c");
  });

  it.each([
    ["missing property", {}, 'input lacks required property "words"'],
    ["wrong type", { words: "a" }, "input.words must be array"],
    ["unknown property", { words: ["a"], extra: 1 }, 'input has unknown property "extra"'],
    ["too few items", { words: [] }, "input.words must NOT have fewer than 1 items"],
  ])("rejects input with %s as INPUT_INVALID", async (_name, input, problem) => {
    const error = await failure(runtime.call("echo", "say-it", input));
    expect(error.code).toBe("INPUT_INVALID");
    expect(error.details.problems).toContain(problem);
    expect(error.message).toContain("echo.say_it");
  });

  it("names the known units and operations when a lookup fails", async () => {
    const unit = await failure(runtime.call("nope", "x"));
    expect(unit).toMatchObject({ code: "UNKNOWN_UNIT", details: { hint: "nearest units: echo" } });
    const operation = await failure(runtime.call("echo", "shout"));
    expect(operation).toMatchObject({
      code: "UNKNOWN_OPERATION",
      details: { hint: "nearest operations: say_it" },
    });
  });

  it("names at most the 5 nearest operations of a big unit, and how many it has", async () => {
    const m = manifest();
    const unit = m.units[0] as { operations: Array<{ name: string; tsName: string }> };
    const [template] = unit.operations;
    if (!template) throw new Error("the fixture has no operation");
    const names = Array.from({ length: 300 }, (_, i) => `list_items_${i}`);
    unit.operations = [...names.map((name) => ({ ...template, name, tsName: name })), template];
    const error = await failure(createRuntime({ manifest: m }).call("echo", "say_itt"));
    expect(error.code).toBe("UNKNOWN_OPERATION");
    expect(error.details.hint).toMatch(/^nearest operations: say_it, list_items_\d+, .*; 301 in all$/);
    expect(error.details.hint?.split(";")[0]?.split(", ")).toHaveLength(5);
  });

  it("refuses an operation kind it cannot invoke", async () => {
    const m = manifest();
    const [operation] = (m.units[0] as { operations: Array<{ invoke: unknown }> }).operations;
    if (!operation) throw new Error("the fixture has no operation");
    operation.invoke = { kind: "teleport" };
    const error = await failure(createRuntime({ manifest: m }).call("echo", "say-it", { words: ["a"] }));
    expect(error.code).toBe("UNSUPPORTED_BACKEND");
  });

  it("loads a manifest file and rejects files that are not manifests", async () => {
    const dir = await mkdtemp(join(tmpdir(), "unitc-runtime-"));
    const good = join(dir, "manifest.json");
    await writeFile(good, JSON.stringify(manifest()));
    expect(createRuntime({ manifestPath: good, env: {} }).manifest.units[0]?.id).toBe("echo");
    const bad = join(dir, "bad.json");
    await writeFile(bad, JSON.stringify({ generator: "someone else", format: 1, units: [] }));
    expect(() => createRuntime({ manifestPath: bad })).toThrow(
      /is not a unitc manifest: generator is not unitc/,
    );
    expect(() => createRuntime({ manifestPath: join(dir, "missing.json") })).toThrow(UnitError);
    expect(() => createRuntime({})).toThrow(/needs a manifest or a manifestPath/);
  });
});
