/** The CLI invoker with real child processes: argv, environment, working directory and output. */
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliInvoke } from "../../../../runtime/contract/manifest.js";
import { invokeCli } from "../../../../runtime/invoke/cli/index.js";
import { checkCommand } from "../../../../runtime/invoke/cli/plan.js";
import { cliContext, cliInvoke, failure, fixture, tempDir } from "./support.js";

let dir: string;
let remove: () => void;
beforeEach(() => {
  ({ dir, remove } = tempDir());
});
afterEach(() => remove());

/** Runs `invoke` with `input`; the context's env and baseDir default to PATH/HOME and the temp folder. */
function run(invoke: CliInvoke, input: unknown, env?: Record<string, string | undefined>) {
  return invokeCli(input, cliContext(invoke, { baseDir: dir, ...(env ? { env } : {}) }));
}

/** The argv the fixture received for `args` and `input`. */
async function argvFor(args: string[], input: unknown): Promise<unknown> {
  const result = await run(cliInvoke({ args: [fixture("argv.mjs"), ...args], output: "json" }), input);
  return result.value;
}

describe("argv", () => {
  it.each([
    [
      "substitutes inside a string",
      ["--name=$input.name", "id:$input.n"],
      { name: "ada", n: 7 },
      ["--name=ada", "id:7"],
    ],
    ["passes a whole value as one entry", ["$input.title"], { title: "two words" }, ["two words"]],
    [
      "expands an array",
      ["-t", "$input.tags", "end"],
      { tags: ["a", 2, { k: 1 }] },
      ["-t", "a", "2", '{"k":1}', "end"],
    ],
    ["drops an absent value", ["a", "$input.missing", "b"], {}, ["a", "b"]],
    ["drops a null value", ["a", "$input.gone"], { gone: null }, ["a"]],
    ["keeps literals", ["--", "-x"], {}, ["--", "-x"]],
  ])("%s", async (_name, args, input, want) => {
    expect(await argvFor(args, input)).toEqual(want);
  });

  it("rejects a missing value inside a string", async () => {
    const error = await failure(argvFor(["id:$input.n"], {}));
    expect(error.code).toBe("INPUT_INVALID");
    expect(error.details).toMatchObject({ unit: "tools", operation: "run" });
  });

  it.each([["; touch x"], ["$(touch x)"], ["`touch x`"], ["a && touch x | cat > x"]])(
    "keeps %j literal: one argument, no shell",
    async (value) => {
      const result = await run(cliInvoke({ args: [fixture("argv.mjs"), "$input.v", "pre $input.v"] }), {
        v: value,
      });
      expect(JSON.parse(result.value as string)).toEqual([value, `pre ${value}`]);
      expect(existsSync(join(dir, "x"))).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
    },
  );

  it.each([
    ["-o/etc/passwd", "$input.v"],
    ["--upload-pack=evil", "$input.v"],
    ["--config=core.pager=sh", "$input.v"],
    ["-rf", "$input.v/suffix"],
    [-5, "$input.v"],
  ])("rejects %j in a positional", async (value, template) => {
    const error = await failure(argvFor(["log", template], { v: value }));
    expect(error.code).toBe("INPUT_INVALID");
    expect(error.details.hint).toBe(
      "values may not start with '-'; put '--' before positional arguments in args",
    );
  });

  it("rejects an option-like array item", async () => {
    const error = await failure(argvFor(["$input.files"], { files: ["ok", "--exec=evil"] }));
    expect(error.code).toBe("INPUT_INVALID");
  });

  it("allows option-like values after a literal -- and as an option's own value", async () => {
    const args = ["--message=$input.m", "--", "$input.v", "$input.files"];
    const input = { m: "-x", v: "--upload-pack=evil", files: ["-o/etc/passwd"] };
    expect(await argvFor(args, input)).toEqual(["--message=-x", "--", "--upload-pack=evil", "-o/etc/passwd"]);
  });

  it("rejects a NUL character", async () => {
    const error = await failure(argvFor(["$input.v"], { v: "a\u0000b" }));
    expect(error.code).toBe("INPUT_INVALID");
  });
});

describe("environment: an explicit allowlist, secrets never shown", () => {
  const parent = {
    PATH: process.env.PATH,
    HOME: "/home/agent",
    LANG: "C.UTF-8",
    CANARY: "parent-canary-7f3a",
    NODE_OPTIONS: "--require /tmp/evil.js",
    SECRET_TOKEN: "s3cret-canary-9b1e",
  };
  const declared = {
    API_TOKEN: "env:SECRET_TOKEN",
    AUTH: "Bearer ${SECRET_TOKEN}",
    GREETING: "hello",
    SHOCK: "() { :; }; echo pwned",
  };

  it("passes the allowlist and the declared variables, nothing else", async () => {
    const invoke = cliInvoke({ args: [fixture("env.mjs")], env: declared, output: "json" });
    const { value } = await run(invoke, {}, parent);
    const env = value as Record<string, string>;
    expect(Object.keys(env).sort()).toEqual(["API_TOKEN", "AUTH", "GREETING", "HOME", "LANG", "PATH"]);
    expect(env).toMatchObject({ GREETING: "hello", HOME: "/home/agent", LANG: "C.UTF-8" });
    expect(env.CANARY).toBeUndefined();
    expect(env.SHOCK).toBeUndefined();
    // The secret reached the child; the result shows it redacted.
    expect(env).toMatchObject({ API_TOKEN: "[redacted]", AUTH: "Bearer [redacted]" });
  });

  it("redacts a secret the command prints to stderr from the error", async () => {
    const invoke = cliInvoke({ args: [fixture("fail.mjs"), "3"], env: declared });
    const error = await failure(run(invoke, {}, parent));
    expect(error.code).toBe("CLI_EXIT");
    expect(error.details.excerpt).toContain("token=[redacted] auth=Bearer [redacted]");
    const shown = JSON.stringify({ message: error.message, details: error.details });
    expect(shown).not.toContain(parent.SECRET_TOKEN);
  });

  it("fails with MISSING_ENV naming the variable, not a value", async () => {
    const invoke = cliInvoke({
      args: [fixture("env.mjs")],
      env: { API_TOKEN: "${NOT_SET}", OTHER: "env:SECRET_TOKEN" },
    });
    const error = await failure(run(invoke, {}, parent));
    expect(error.code).toBe("MISSING_ENV");
    expect(error.message).toContain("NOT_SET");
    expect(error.message).not.toContain(parent.SECRET_TOKEN);
  });
});

describe("working directory", () => {
  it.each([
    ["relative to baseDir", "sub/dir", (base: string) => join(base, "sub", "dir")],
    ["absolute", "ABS", (base: string) => join(base, "sub")],
  ])("resolves a cwd %s", async (_name, cwd, want) => {
    mkdirSync(join(dir, "sub", "dir"), { recursive: true });
    const invoke = cliInvoke({ args: [fixture("cwd.mjs")], cwd: cwd === "ABS" ? join(dir, "sub") : cwd });
    expect((await run(invoke, {})).value).toBe(want(dir));
  });

  it("fails with CLI_SPAWN when the cwd does not exist", async () => {
    const error = await failure(run(cliInvoke({ args: [fixture("cwd.mjs")], cwd: "nope" }), {}));
    expect(error.code).toBe("CLI_SPAWN");
    expect(error.message).toContain(join(dir, "nope"));
  });
});

describe("output", () => {
  it("returns text as is", async () => {
    const result = await run(cliInvoke({ command: "echo", args: ["hello", "$input.who"] }), { who: "world" });
    expect(result).toEqual({ value: "hello world\n", truncated: false });
  });

  it("parses json", async () => {
    const result = await run(cliInvoke({ args: [fixture("argv.mjs"), "a"], output: "json" }), {});
    expect(result).toEqual({ value: ["a"], truncated: false });
  });

  it("fails with OUTPUT_INVALID on text that is not json", async () => {
    const error = await failure(run(cliInvoke({ command: "echo", args: ["not json"], output: "json" }), {}));
    expect(error.code).toBe("OUTPUT_INVALID");
    expect(error.details.excerpt).toBe("not json\n");
  });

  it("cuts text at maxOutputBytes and marks the cut", async () => {
    const invoke = cliInvoke({ args: [fixture("flood.mjs"), "200000"], maxOutputBytes: 1000 });
    const result = await run(invoke, {});
    expect(result.truncated).toBe(true);
    expect(result.value).toBe(
      `${"x".repeat(1000)}\n[truncated: output exceeded 1000 bytes (maxOutputBytes)]`,
    );
  });

  it("fails with RESPONSE_TRUNCATED when json does not fit", async () => {
    const invoke = cliInvoke({ args: [fixture("flood.mjs"), "5000"], maxOutputBytes: 100, output: "json" });
    expect((await failure(run(invoke, {}))).code).toBe("RESPONSE_TRUNCATED");
  });
});

describe("checkCommand: a Windows batch file is refused, never run through a shell", () => {
  it.each([
    ["tool.cmd", "win32", true],
    ["C:\\tools\\run.BAT", "win32", true],
    ["tool.exe", "win32", false],
    ["tool.cmd", "linux", false],
  ] as const)("%s on %s refused: %s", (command, platform, refused) => {
    const check = () => checkCommand(command, platform);
    if (refused) expect(check).toThrow(/refusing to run batch file/);
    else expect(check).not.toThrow();
  });
});
