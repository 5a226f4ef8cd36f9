/**
 * The built executable routes `serve`'s subcommands (`token`, `status`) to the whole CLI, not to the
 * serve bundle that holds serving alone: each answers as its command does, never a loader error.
 */
import { describe, expect, it } from "vitest";
import { REPO, runBuiltCli } from "../support/built-cli.js";

const unitc = (args: string[]) =>
  runBuiltCli(args, { PATH: process.env.PATH ?? "", HOME: REPO, XDG_CONFIG_HOME: "/nonexistent" });

describe("the built unitc serve subcommands", () => {
  it("serve status without a running serve is STATUS_UNAVAILABLE with its hint", async () => {
    const run = await unitc(["serve", "status", "--url", "http://127.0.0.1:9/mcp", "--token", "x"]);
    expect(run.stderr).not.toContain("ERR_VM_DYNAMIC_IMPORT");
    expect(run.stderr).toContain("STATUS_UNAVAILABLE");
    expect(run.stderr).toContain("hint:");
    expect(run.code).toBe(1);
  });

  it("serve status --help prints its usage", async () => {
    const run = await unitc(["serve", "status", "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("USAGE serve status");
  });
});
