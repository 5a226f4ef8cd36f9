/**
 * The generated parts of docs/ are what `scripts/gen-docs.mjs` writes from today's code: the CLI
 * reference from the commands' citty definitions and the code tables from the two catalogues.
 * The script's `--check` is the drift gate, as `npm run examples:check` is for generated/.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/built-cli.js";

/** Runs `node scripts/gen-docs.mjs --check`; resolves to its exit code and stderr. */
function checkDocs(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, "scripts/gen-docs.mjs"), "--check"], { cwd: REPO });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("generated docs", () => {
  it("docs/cli.md and docs/codes.md are what the script writes now (npm run build && npm run gen:docs)", async () => {
    expect(await checkDocs()).toEqual({ code: 0, stderr: "" });
  });

  it("the CLI reference holds every command, sub-commands included, with their flags", async () => {
    const page = await readFile(join(REPO, "docs/cli.md"), "utf8");
    for (const command of [
      "compile",
      "serve",
      "serve token create",
      "publish keygen",
      "storage rotate-key",
      "call",
    ]) {
      expect(page).toContain(`### \`unitc ${command}\``);
    }
    expect(page).toContain("| `--partial` |");
    expect(page).toContain("| `--port <PORT>` |");
  });
});
