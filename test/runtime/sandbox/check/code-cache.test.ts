/**
 * A CommonJS file loaded with a code cache taken after it ran (code-cache.ts, TypeScript's way into
 * the type checker): the next process uses the cache; a cache made for other bytes of the file (a
 * new TypeScript of the same length), or under other V8 flags, is never used; a corrupt cache or a
 * folder that cannot be written never fails the load. Each load is a new Node process running the
 * module's source as it stands, on a small CommonJS file in a temporary folder.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = mkdtempSync(join(tmpdir(), "unitc-code-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const codeCache = fileURLToPath(new URL("../../../../runtime/sandbox/check/code-cache.ts", import.meta.url));

/** A module whose `answer` is only compiled when called (V8 compiles inner functions lazily). */
function moduleText(version: string): string {
  return `"use strict";
function answer(n) { let total = 0; for (let i = 0; i < n; i++) total += i; return "${version}:" + total; }
module.exports = { answer, path: require("node:path").basename(__filename) };
`;
}

interface Load {
  status: string;
  answer: string;
  path: string;
  saved: boolean;
}

/** Loads `file` in a new Node process (with `flags`) with its cache in `cacheDir`, calls it, saves. */
function load(file: string, cacheDir: string | undefined, flags: string[] = []): Load {
  const script = `import { loadWithCodeCache } from ${JSON.stringify(codeCache)};
const loaded = loadWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)});
const answer = loaded.exports.answer(5);
console.log(JSON.stringify({ status: loaded.status, answer, path: loaded.exports.path, saved: loaded.save() }));`;
  const out = execFileSync(
    process.execPath,
    [...flags, "--experimental-strip-types", "--no-warnings", "--input-type=module", "-e", script],
    { encoding: "utf8" },
  );
  return JSON.parse(out.trim().split("\n").at(-1) ?? "") as Load;
}

/** A new folder holding `lib.js` of `version`, and an empty cache folder. */
function fixture(name: string, version = "v1"): { file: string; cache: string } {
  const folder = mkdtempSync(join(root, `${name}-`));
  const file = join(folder, "lib.js");
  writeFileSync(file, moduleText(version));
  const cache = join(folder, "cache");
  execFileSync("mkdir", [cache]);
  return { file, cache };
}

function cacheFiles(cache: string): string[] {
  return readdirSync(cache).map((name) => join(cache, name));
}

describe("a file loaded with a code cache taken after it ran", () => {
  it("writes the cache once and the next process uses it", () => {
    const { file, cache } = fixture("reuse");
    expect(load(file, cache)).toEqual({ status: "missing", answer: "v1:10", path: "lib.js", saved: true });
    expect(cacheFiles(cache)).toHaveLength(1);
    expect(load(file, cache)).toEqual({ status: "accepted", answer: "v1:10", path: "lib.js", saved: false });
  });

  it("never uses a cache made for other bytes of the file, even of the same length", () => {
    const { file, cache } = fixture("version");
    load(file, cache);
    // A new version of the file, its length unchanged: V8 would take the old cache for it.
    writeFileSync(file, moduleText("v2"));
    expect(load(file, cache)).toEqual({ status: "missing", answer: "v2:10", path: "lib.js", saved: true });
    expect(load(file, cache).status).toBe("accepted");
  });

  it("refuses a cache made under other V8 flags, and writes one for them", () => {
    const { file, cache } = fixture("flags");
    load(file, cache);
    expect(load(file, cache, ["--expose-gc"])).toMatchObject({
      status: "rejected",
      answer: "v1:10",
      saved: true,
    });
    expect(load(file, cache, ["--expose-gc"]).status).toBe("accepted");
  });

  it("loads as without a cache when the cache is corrupt, and replaces it", () => {
    const { file, cache } = fixture("corrupt");
    load(file, cache);
    const [entry] = cacheFiles(cache);
    if (!entry) throw new Error("no cache file was written");
    const whole = readFileSync(entry);
    const damaged = [
      Buffer.from("not a code cache"),
      whole.subarray(0, whole.length - 7),
      Buffer.concat([whole.subarray(0, -1), Buffer.from([(whole.at(-1) ?? 0) ^ 0xff])]),
    ];
    for (const bytes of damaged) {
      writeFileSync(entry, bytes);
      expect(load(file, cache)).toEqual({ status: "corrupt", answer: "v1:10", path: "lib.js", saved: true });
      expect(load(file, cache).status).toBe("accepted");
    }
  });

  it("loads when the cache folder cannot be written, or there is none", () => {
    const { file } = fixture("unwritable");
    expect(load(file, "/dev/null/cache")).toEqual({
      status: "missing",
      answer: "v1:10",
      path: "lib.js",
      saved: false,
    });
    expect(load(file, undefined)).toEqual({ status: "off", answer: "v1:10", path: "lib.js", saved: false });
  });
});
