/**
 * What the build record keeps of each file a compile read or wrote (its stamp, marked `unsettled` when
 * taken too close to the file's last change, and the hash of its text): taken after the compile from
 * what it read or wrote, never from what the file holds by then, and checked before the next compile
 * (and by `unitc serve`) by stamp, else by text.
 */
import { join } from "node:path";
import { fileTextHash, type Stamp, takeStamp, UNSETTLED } from "../shared/file-hashes.js";

/**
 * A file as a compile read or wrote it: its stamp as taken, the hash of its text, and `unsettled`
 * when the stamp was taken within the racy window of the file's last change (see {@link checkState}).
 */
export interface FileState {
  stamp: string;
  hash: string;
  unsettled?: true;
}

/** The state to keep of a file stamped `taken` holding the text of `hash`. */
export function stateOf(taken: Stamp, hash: string): FileState {
  return taken.settled ? { stamp: taken.stamp, hash } : { stamp: taken.stamp, hash, unsettled: true };
}

/**
 * Whether every file holds the text recorded: by its stamp when the stamp is the same and settled,
 * else by its text (`at` gives a key's path). `undefined` when one changed; else the files whose
 * text had to be read and whose stamp has settled since, with that stamp (taken before the text was
 * read, so a later change shows): {@link keepSettled} keeps them.
 */
export async function checkStates(
  states: Record<string, FileState>,
  at: (key: string) => string = (key) => key,
): Promise<Record<string, FileState> | undefined> {
  const settled: Record<string, FileState> = {};
  for (const [key, state] of Object.entries(states)) {
    const found = await checkState(at(key), state);
    if (found === "changed") return undefined;
    if (found !== "same") settled[key] = found;
  }
  return settled;
}

/**
 * Whether `file` holds the text recorded in `state`: `same` by its stamp (a stat, no read), else by
 * its text; `changed` when it does not (or is gone); its settled state when the text had to be read
 * and its stamp may now be kept.
 *
 * An unsettled stamp is never trusted, even when the file's stamp now equals it and the racy window
 * has long closed. File times come from a clock that ticks coarsely (a kernel tick; 1 or 2 s on some
 * file systems), and a stamp taken within the tick of the file's last change can be followed, in that
 * same tick, by a second change of the same size to the same inode: it leaves size, inode and both
 * times as they were. Once the tick is over no change can share the stamp (its times would be later),
 * but one made before it ended is still hidden by it, and nothing in the stamp, nor the time that has
 * passed since, can tell: only the text can (git re-hashes "racily clean" entries for the same
 * reason). So the text is read once after the window has closed, and the stamp taken before that
 * read is then kept settled; the caller keeps it ({@link keepSettled}) so later checks are a stat.
 * The raw stamp is kept beside `unsettled` so the record says what the file looked like when stamped.
 */
export async function checkState(file: string, state: FileState): Promise<"same" | "changed" | FileState> {
  const taken = await takeStamp(file);
  if (taken.stamp === state.stamp && !state.unsettled) return "same";
  if ((await fileTextHash(file)) !== state.hash) return "changed";
  return taken.settled ? { stamp: taken.stamp, hash: state.hash } : "same";
}

/**
 * The states of files a compile read, each with the hash of the text it read; `undefined` when one
 * holds another text now: a record would vouch for a text the build never saw. The stamp is taken
 * before the text is hashed, so a change after it shows in the next check.
 */
export async function statesAsRead(
  read: ReadonlyMap<string, string>,
): Promise<Record<string, FileState> | undefined> {
  const states: Record<string, FileState> = {};
  for (const [file, hash] of read) {
    const taken = await takeStamp(file);
    if ((await fileTextHash(file)) !== hash) return undefined;
    states[file] = stateOf(taken, hash);
  }
  return states;
}

/**
 * The states of the files a compile wrote into `outDir` (or found already holding their text), with
 * the hash of the text written: taken from the writer, not read back. Stamped just after the write,
 * so a file written is unsettled and its text is checked until a check finds it settled; another
 * hand's rewrite in between (same size, same tick) cannot pass for unitc's. A file in `unseen` (left
 * alone by a write that did not look at it: watch mode's) is kept unsettled too.
 */
export async function statesAsWritten(
  outDir: string,
  written: ReadonlyMap<string, string>,
  unseen: ReadonlySet<string>,
): Promise<Record<string, FileState>> {
  const states: Record<string, FileState> = {};
  for (const [path, hash] of written) {
    // Unseen: no stamp of what unitc wrote is known; one that matches nothing has its text checked.
    states[path] = unseen.has(path)
      ? { stamp: UNSETTLED, hash, unsettled: true }
      : stateOf(await takeStamp(join(outDir, path)), hash);
  }
  return states;
}
