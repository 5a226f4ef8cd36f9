/**
 * A file's hash as the build record and discovery take it (file-hashes.ts, readInput): from the
 * bytes read when they are UTF-8, always the hash of the text that discovery read.
 */
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readInput, recordInput, trackInputs } from "../../../compiler/discover/shared/inputs.js";
import { FileHashes, fileTextHash, textHash } from "../../../compiler/shared/file-hashes.js";

const dir = mkdtempSync(join(tmpdir(), "unitc-file-hashes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Texts as files hold them: ASCII, beyond ASCII, a byte-order mark, and bytes that are not UTF-8. */
const contents: Record<string, Buffer> = {
  ascii: Buffer.from('{"openapi":"3.1.0"}\n'),
  beyond: Buffer.from('{"title":"Café — 🐙 ñ"}'),
  bom: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("{}")]),
  latin1: Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]),
  truncated: Buffer.from([0x41, 0xf0, 0x9f, 0x90]),
  surrogate: Buffer.from([0x41, 0xed, 0xa0, 0x80, 0x42]),
};
const files = Object.entries(contents).map(([name, bytes]) => {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, bytes);
  return { name, file };
});

describe("file hashes", () => {
  it("hash a file as the text read from it, whether or not its bytes are UTF-8", async () => {
    for (const { name, file } of files)
      expect(await fileTextHash(file), name).toBe(textHash(readFileSync(file, "utf8")));
  });

  it("are what discovery records of the files it reads, as when it hashed their text", async () => {
    const read = await trackInputs(async () => Promise.all(files.map(({ file }) => readInput(file))));
    const recorded = await trackInputs(async () => {
      for (const { file } of files) recordInput(file, readFileSync(file, "utf8"));
    });
    expect(read.value).toEqual(files.map(({ file }) => readFileSync(file, "utf8")));
    expect([...read.inputs]).toEqual([...recorded.inputs]);
    for (const { file } of files) expect(read.inputs.get(file)).toBe(await fileTextHash(file));
  });

  it("see a rewrite that keeps the size and the modification time (two saves in one clock tick)", async () => {
    const file = join(dir, "same-tick.yaml");
    const hashes = new FileHashes();
    const tick = 1_700_000_000;
    for (const text of ["name: one", "name: two", "name: six"]) {
      writeFileSync(file, text);
      utimesSync(file, tick, tick);
      expect(await hashes.hash(file), text).toBe(textHash(text));
    }
  });
});
