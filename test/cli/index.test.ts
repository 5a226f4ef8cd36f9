/** The command line's own manners: help, colour only when wanted, unknown commands. */
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { wantsColor } from "../../cli/io.js";
import { runUnitc } from "../support/cli.js";

const cli = fileURLToPath(new URL("../../dist/cli/main.cjs", import.meta.url));
const ESC = "\u001b[";

describe("unitc help", () => {
  it("`unitc help <command>` prints that command's usage, like `--help`", async () => {
    const help = await runUnitc(["help", "compile"], tmpdir());
    const flag = await runUnitc(["compile", "--help"], tmpdir());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("unitc compile");
    expect(help.stdout).toBe(flag.stdout);
    expect((await runUnitc(["help"], tmpdir())).stdout).toContain("COMMANDS");
  });

  it("an unknown command after help exits 2", async () => {
    const run = await runUnitc(["help", "compyle"], tmpdir());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown command "compyle"');
  });
});

describe("colour", () => {
  const table: [string, Record<string, string>, boolean, boolean][] = [
    ["piped", {}, false, false],
    ["a terminal", {}, true, true],
    ["a terminal with NO_COLOR", { NO_COLOR: "1" }, true, false],
    ["piped with FORCE_COLOR", { FORCE_COLOR: "1" }, false, true],
    ["a terminal with FORCE_COLOR=0", { FORCE_COLOR: "0" }, true, false],
    ["FORCE_COLOR and NO_COLOR", { FORCE_COLOR: "1", NO_COLOR: "1" }, true, false],
  ];
  it.each(table)("%s", (_name, env, stdoutIsTTY, want) => {
    expect(wantsColor({ env, stdoutIsTTY })).toBe(want);
  });

  // The built CLI in its own process, its stdout a pipe, without the test runner's TEST/CI variables.
  const usage = (env: Record<string, string>) =>
    execFileSync(process.execPath, [cli, "--help"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, ...env },
    });
  it("piped usage has no escape codes unless FORCE_COLOR asks for them", () => {
    expect(usage({})).not.toContain(ESC);
    expect(usage({ NO_COLOR: "1", FORCE_COLOR: "1" })).not.toContain(ESC);
    expect(usage({ FORCE_COLOR: "1" })).toContain(ESC);
  });
});
