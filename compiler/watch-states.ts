/**
 * What each changed path looked like when a watch build last started for it. The file system and
 * chokidar report one change several times, some late (chokidar holds a deletion back 100 ms to
 * spot an atomic save); a late report of a path that is still as the last build found it asks for
 * no new build. The state holds the content, not only the times: a file system with coarse
 * timestamps can show two edits with the same size and times.
 */
import { createHash } from "node:crypto";
import { lstat, readdir, readFile } from "node:fs/promises";

/** A path's type, identity, size, times and content (a folder's: its entries' names); "absent" when none. */
async function stateOf(path: string): Promise<string> {
  const info = await lstat(path, { bigint: true }).catch(() => undefined);
  if (!info) return "absent";
  const head = `${info.mode}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  let body: string | Buffer = "";
  if (info.isDirectory()) body = (await readdir(path).catch(() => [] as string[])).sort().join("\n");
  else if (info.isFile()) body = await readFile(path).catch(() => "unreadable");
  return `${head}:${createHash("sha256").update(body).digest("hex")}`;
}

export class PathStates {
  readonly #seen = new Map<string, string>();

  /**
   * Records the state of `paths` now, before the build that reads them starts; answers false when
   * every one of them is as it was at the last record (nothing to build for them).
   */
  async update(paths: readonly string[]): Promise<boolean> {
    const states = await Promise.all(paths.map(stateOf));
    let changed = paths.length === 0;
    paths.forEach((path, i) => {
      const state = states[i] as string;
      if (this.#seen.get(path) !== state) changed = true;
      this.#seen.set(path, state);
    });
    return changed;
  }

  /** Drops what is known of `paths`: the next {@link update} asks for a build for them. */
  forget(paths: Iterable<string>): void {
    for (const path of paths) this.#seen.delete(path);
  }
}
