/** readInputFile: a missing file and an unreadable one are diagnostics, never exceptions. */
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readInputFile } from "../../../compiler/load/read-file.js";

describe("readInputFile", () => {
  it("reports a missing file as FILE_NOT_FOUND", async () => {
    const dir = await mkdtemp(join(tmpdir(), "unitc-read-"));
    const result = await readInputFile(join(dir, "nope.md"));
    expect(result.diagnostics).toMatchObject([{ code: "FILE_NOT_FOUND", line: 1, column: 1 }]);
  });

  it("reports a folder in a file's place as FILE_UNREADABLE with the system's code", async () => {
    const dir = await mkdtemp(join(tmpdir(), "unitc-read-"));
    await mkdir(join(dir, "UNIT.md"));
    const result = await readInputFile(join(dir, "UNIT.md"));
    expect(result.diagnostics).toMatchObject([
      { code: "FILE_UNREADABLE", message: "file cannot be read (EISDIR)" },
    ]);
  });
});
