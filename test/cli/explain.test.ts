/**
 * `unitc explain <CODE>` in-process and in the built CLI: both catalogues (storage, vault, serve and
 * Code Mode codes too), and a suggestion for an unknown code.
 */
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { allCodes } from "../../cli/code-catalogue.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { runUnitc } from "../support/cli.js";

describe("unitc explain", () => {
  it("prints a compiler code's summary, severity, hint and example", async () => {
    const run = await runUnitc(["explain", "DUPLICATE_KEY"], tmpdir());
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toBe(
      [
        "DUPLICATE_KEY (compiler diagnostic, error)",
        "",
        "  a key appears twice in one mapping",
        "",
        "  hint: remove or rename one of the keys",
        "",
        "  example:",
        "    a: 1",
        "    a: 2",
        "",
      ].join("\n"),
    );
  });

  it("prints the summary, hint and example of every code of both catalogues", async () => {
    const codes = allCodes();
    expect(codes.length).toBeGreaterThan(200);
    for (const entry of codes) {
      const run = await runUnitc(["explain", entry.code], tmpdir());
      expect(run, entry.code).toMatchObject({ code: 0, stderr: "" });
      const kind = entry.origin === "compiler" ? `compiler diagnostic, ${entry.severity}` : "runtime error";
      const example = entry.example.split("\n").map((line) => `    ${line}`);
      const block = [`${entry.code} (${kind})`, "", `  ${entry.summary}`, "", `  hint: ${entry.hint}`];
      expect(run.stdout, entry.code).toContain([...block, "", "  example:", ...example, ""].join("\n"));
    }
  });

  it("accepts a code in lower case and prints a warning's severity", async () => {
    const run = await runUnitc(["explain", "unused_auth"], tmpdir());
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe("UNUSED_AUTH (compiler diagnostic, warning)");
  });

  it("prints a runtime error code", async () => {
    const run = await runUnitc(["explain", "HTTP_STATUS"], tmpdir());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("HTTP_STATUS (runtime error)");
    expect(run.stdout).toContain("the API answered with a non-2xx status");
  });

  it("prints the storage, vault, serve and Code Mode codes unitc prints", async () => {
    for (const code of [
      "STORAGE_NOT_MIGRATED",
      "VAULT_WRONG_KEY",
      "BAD_PORT",
      "TOO_MANY_RUNS",
      "SCRIPT_ERROR",
    ]) {
      const run = await runUnitc(["explain", code], tmpdir());
      expect(run).toMatchObject({ code: 0, stderr: "" });
      expect(run.stdout.split("\n")[0]).toBe(`${code} (runtime error)`);
      expect(run.stdout).toMatch(/\n {2}hint: \S/);
    }
  });

  it("prints both entries of a code the compiler and the runtime report", async () => {
    const run = await runUnitc(["explain", "FILE_UNREADABLE"], tmpdir());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("FILE_UNREADABLE (compiler diagnostic, error)");
    expect(run.stdout).toContain("FILE_UNREADABLE (runtime error)");
  });

  it("exits 2 with the closest codes for an unknown code", async () => {
    const run = await runUnitc(["explain", "UNKNOWN_PROPERTYY"], tmpdir());
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      'unitc explain: unknown code "UNKNOWN_PROPERTYY"\nhint: did you mean UNKNOWN_PROPERTY, UNKNOWN_OPERATION, MISSING_PROPERTY?\n',
    );
  });

  it("suggests codes that contain a fragment", async () => {
    const run = await runUnitc(["explain", "SPEC_REF"], tmpdir());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/did you mean SPEC_REF_\w+, SPEC_REF_\w+, SPEC_REF_\w+\?/);
  });

  it("asks for a code when none is given", async () => {
    const run = await runUnitc(["explain"], tmpdir());
    expect(run.code).toBe(2);
  });

  it("works in the built CLI, a real process", () => {
    const known = spawnSync(process.execPath, [BUILT_CLI, "explain", "MCP_SCHEMA_DRIFT"], {
      encoding: "utf8",
    });
    expect(known.status).toBe(0);
    expect(known.stdout.split("\n")[0]).toBe("MCP_SCHEMA_DRIFT (runtime error)");
    const storage = spawnSync(process.execPath, [BUILT_CLI, "explain", "storage-unreachable"], {
      encoding: "utf8",
    });
    expect(storage.status).toBe(0);
    expect(storage.stdout).toContain("STORAGE_UNREACHABLE (runtime error)");
    expect(storage.stdout).toContain("storage cannot be read");
    const unknown = spawnSync(process.execPath, [BUILT_CLI, "explain", "YAML_SINTAX"], { encoding: "utf8" });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("did you mean YAML_SYNTAX");
  });
});
