/** The committed runtime/contract/config-types.generated.ts matches schemas/*.schema.json. */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../", import.meta.url));

describe("scripts/gen-schema-types.mjs --check", () => {
  it("exits 0: the generated types are current", async () => {
    const result = await promisify(execFile)(process.execPath, ["scripts/gen-schema-types.mjs", "--check"], {
      cwd: repo,
    }).then(
      ({ stderr }) => ({ code: 0, stderr }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code ?? -1, stderr: error.stderr ?? "" }),
    );
    expect(result).toEqual({ code: 0, stderr: "" });
  });
});
