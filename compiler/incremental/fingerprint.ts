/**
 * What the build record's key and output check need from the file system: every file below a folder,
 * and a fingerprint of the unitc that is running, so a changed compiler never trusts an old record.
 */
import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { fileStamp } from "../shared/file-hashes.js";

/** Every file below `dir` whose name `keep` accepts, in folders it accepts too. */
export async function filesBelow(
  dir: string,
  keep: (name: string) => boolean,
  found: string[] = [],
): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!keep(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await filesBelow(path, keep, found);
    else found.push(path);
  }
  return found;
}

/** Code: `.js`, `.ts` and `.json` files, no declarations, no `node_modules`, nothing hidden. */
const isCode = (name: string) =>
  !name.startsWith(".") &&
  name !== "node_modules" &&
  (!/\.[a-z]+$/.test(name) || (/\.(?:js|ts|json)$/.test(name) && !name.endsWith(".d.ts")));

/**
 * A fingerprint of the unitc that is running: the stamps of its code (its `dist/` when built, its
 * sources when run from them), so a changed compiler never trusts an old record.
 */
export async function compilerFingerprint(): Promise<string> {
  const here = dirname(fileURLToPath(import.meta.url));
  const parts = here.split(sep);
  const dist = parts.lastIndexOf("dist");
  const roots =
    dist >= 0
      ? [parts.slice(0, dist + 1).join(sep)]
      : ["compiler", "runtime", "schemas"].map((name) => join(here, "..", "..", name));
  // The verbatim texts emit writes (templates/, copied to dist/templates/), whatever their extension.
  const templates = join(dist >= 0 ? (roots[0] as string) : join(here, "..", ".."), "templates");
  const found = await Promise.all([
    ...roots.map((root) => filesBelow(root, isCode)),
    filesBelow(templates, () => true),
  ]);
  const files = [...new Set(found.flat())].sort();
  const stamps = await Promise.all(files.map(async (file) => `${file}=${await fileStamp(file)}`));
  return createHash("sha256").update(stamps.join("\n")).digest("hex");
}
