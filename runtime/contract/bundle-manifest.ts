/**
 * Where a generated `index.ts` finds its bundle's manifest: beside the module, as a rule. A tsc build
 * into another folder moves the module away from it (`<root>/generated/` built to
 * `<root>/dist/generated/`, or `<root>/src/generated/` to `<root>/dist/generated/`); the module then
 * finds the bundle it was built from at its recorded place below one of the folders above, so that
 * the manifest's relative paths (a CLI action's working folder) resolve in the project as they do
 * unbuilt, and no JSON has to be copied after a build.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const MANIFEST = "manifest.json";

/**
 * The manifest of the generated module at `moduleUrl`: `manifest.json` beside it, else that of the
 * bundle at `bundleFolder` (relative to a folder above the module, nearest first), else the one
 * beside it again, so that the error names where a build shipped without its bundle expects it.
 */
export function bundleManifestPath(moduleUrl: string | URL, bundleFolder?: string): string {
  const here = dirname(fileURLToPath(moduleUrl));
  const beside = join(here, MANIFEST);
  if (existsSync(beside) || bundleFolder === undefined) return beside;
  for (let dir = dirname(here); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, bundleFolder, MANIFEST);
    if (existsSync(candidate)) return candidate;
  }
  return beside;
}
