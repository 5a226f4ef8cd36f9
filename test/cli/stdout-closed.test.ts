/**
 * A reader that stops early (`unitc list | head -1`, a closed pipe) ends the command quietly: no
 * stack trace from the write that found the pipe closed, and the command's own exit code.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BUILT_CLI, REPO } from "../support/built-cli.js";

function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], {
      cwd: REPO,
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Closed before the command writes a byte: its first write finds no reader.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("a closed standard output", () => {
  it.each([[["explain", "UNKNOWN_PROPERTY"]], [["tokens", "--manifest", "generated/basic/manifest.json"]]])(
    "unitc %j ends quietly with its exit code",
    async (args) => {
      const run = await runWithClosedStdout(args);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
    },
  );
});
