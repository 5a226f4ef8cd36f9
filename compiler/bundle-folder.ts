/**
 * The bundle's folder relative to its project's root: the nearest folder above it holding a
 * `package.json`, else the unitc project folder. The generated index records it, so that a tsc build
 * into another folder (`<root>/dist/…`) finds the bundle it was built from at `<root>/<folder>`.
 */
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";

/** A relative path that stays inside the folder it is relative to, with `/`; undefined otherwise. */
function inside(from: string, to: string): string | undefined {
  const path = relative(from, to);
  if (path === "" || isAbsolute(path) || path.split(sep).includes("..")) return undefined;
  return path.split(sep).join("/");
}

/** `outDir` relative to its project's root as described above; undefined when it is no folder below one. */
export function bundleFolder(outDir: string, projectDir: string): string | undefined {
  for (let dir = dirname(outDir); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return inside(dir, outDir);
    if (dirname(dir) === dir) return inside(projectDir, outDir);
  }
}
