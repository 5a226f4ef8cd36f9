/** The command line's own manners: help, colour only when wanted, unknown commands. */
import { execFileSync, spawnSync } from "node:child_process";
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

describe("did you mean", () => {
  // The built CLI in its own process: the words a person mistypes, answered with the nearest name.
  const unitc = (...argv: string[]) =>
    spawnSync(process.execPath, [cli, ...argv], {
      encoding: "utf8",
      cwd: tmpdir(),
      env: { PATH: process.env.PATH },
    });

  it("names the nearest command for a misspelt one", () => {
    const run = unitc("compil");
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'unitc: unknown command "compil"; did you mean compile?\nRun unitc --help for usage.\n',
    );
    expect(unitc("help", "valdate").stderr).toContain('unknown command "valdate"; did you mean validate?');
  });

  it("names the nearest flag of the command for a misspelt one, and no guess when none is near", () => {
    const run = unitc("list", "--jsn");
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "unitc: unknown option --jsn; did you mean --json?\nRun unitc --help for usage.\n",
    );
    expect(unitc("storage", "status", "--jsno").stderr).toContain(
      "unknown option --jsno; did you mean --json?",
    );
    const far = unitc("list", "--frobnicate");
    expect(far.status).toBe(2);
    expect(far.stderr).toBe("unitc: unknown option --frobnicate\nRun unitc --help for usage.\n");
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
