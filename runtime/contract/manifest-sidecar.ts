/**
 * The files the compiler writes beside `manifest.json` so that a command need not read the whole
 * manifest (`units-index.json`, `manifest-offsets.json`). Each records the size in bytes of the
 * manifest it was made from: one beside a manifest of another size is stale.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The JSON file `name` beside the manifest at `manifestPath`, when `valid` takes it for a manifest
 * of that size; undefined when it is missing, unreadable, of another format or stale.
 */
export function readBesideManifest<T>(
  manifestPath: string,
  name: string,
  valid: (data: unknown, manifestBytes: number) => data is T,
): T | undefined {
  try {
    const manifestBytes = statSync(manifestPath).size;
    const data: unknown = JSON.parse(readFileSync(join(dirname(manifestPath), name), "utf8"));
    return valid(data, manifestBytes) ? data : undefined;
  } catch {
    return undefined;
  }
}
