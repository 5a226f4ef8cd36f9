/**
 * What the build record keeps of each file a compile read or wrote (its stamp, or `unsettled`, and the
 * hash of its text): taken after the compile from what it read or wrote, never from what the file
 * holds by then, and checked before the next compile by stamp, else by text.
 */
import { join } from "node:path";
import { fileTextHash, keptStamp, takeStamp, UNSETTLED } from "../shared/file-hashes.js";

/** A file as a compile read or wrote it: its stamp (`UNSETTLED` when it could not vouch) and the hash of its text. */
export interface FileState {
  stamp: string;
  hash: string;
}

/**
 * Whether every file holds the text recorded: by its stamp when the stamp is the same, else by its
 * text (`at` gives a key's path). `undefined` when one changed; else the files whose text had to be
 * read and whose stamp has settled since, with that stamp (taken before the text was read, so a
 * later change shows).
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
 * and its stamp may now be kept (see {@link checkStates}).
 */
export async function checkState(file: string, state: FileState): Promise<"same" | "changed" | FileState> {
  const taken = await takeStamp(file);
  if (taken.stamp === state.stamp) return "same";
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
    states[file] = { stamp: keptStamp(taken), hash };
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
    const stamp = unseen.has(path) ? UNSETTLED : keptStamp(await takeStamp(join(outDir, path)));
    states[path] = { stamp, hash };
  }
  return states;
}
