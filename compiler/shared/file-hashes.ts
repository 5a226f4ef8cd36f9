/**
 * Content hashes of local files (of their UTF-8 text), and the one stamp that says a file is unchanged
 * without reading it (size, inode, modification and change times) unless it changed too recently for
 * its times to tell: the build record's and watch mode's. A missing or unreadable file hashes to
 * {@link MISSING}.
 */
import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import type { BigIntStats } from "node:fs";
import { readFile, stat } from "node:fs/promises";

export const MISSING = "missing";

/** The hash of a file's text as discovery read it. */
export function textHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The {@link textHash} of the text `bytes` decode to as UTF-8. Valid UTF-8 is hashed as it is (the
 * text's own UTF-8 is these very bytes): decoding a large spec to a string and encoding it again to
 * hash it took ten times as long as reading and hashing its bytes (GitHub's REST spec: 13 MB, a few
 * characters beyond ASCII).
 */
export function bytesHash(bytes: Buffer): string {
  if (isUtf8(bytes)) return createHash("sha256").update(bytes).digest("hex");
  return textHash(bytes.toString("utf8"));
}

/** The {@link textHash} of a file's text, or {@link MISSING}. */
export async function fileTextHash(file: string): Promise<string> {
  try {
    return bytesHash(await readFile(file));
  } catch {
    return MISSING;
  }
}

/**
 * How recently a file may have changed for its stamp to be trusted. File times come from a coarse
 * clock (a kernel tick; 1 or 2 s on some file systems), so a file changed twice within one tick can
 * show one size and one set of times: a stamp taken that close to a change does not vouch for the
 * text (git calls such an entry "racily clean"). Wider than any common file system's tick.
 */
const RACY_MS = 2_000;

/**
 * The stamp kept of a file whose stamp is not known (one a watch build left alone, unread): it equals
 * no stamp {@link fileStamp} gives, so the file's text is checked next time.
 */
export const UNSETTLED = "unsettled";

/** A file's stamp as it is now, and whether it may be kept (see {@link keptStamp}). */
export interface Stamp {
  /** Size, inode, modification and change times (nanoseconds), or {@link MISSING}. */
  stamp: string;
  /** The file last changed well before the stamp was taken: a later change cannot share it. */
  settled: boolean;
}

/** Size, inode, modification and change times: nothing but a change sets the change time. */
function stampOf(info: BigIntStats): string {
  return `${info.size}:${info.ino}:${info.mtimeNs}:${info.ctimeNs}`;
}

/**
 * A file's stamp, and whether it may be kept. The change time is in it because nothing but a change
 * sets it: a rewrite of the same size whose modification time is put back (`touch -d`, `tar x`,
 * `rsync -t`) changes it.
 */
export async function takeStamp(file: string): Promise<Stamp> {
  const now = Date.now();
  try {
    const info = await stat(file, { bigint: true });
    const changedNs = info.ctimeNs > info.mtimeNs ? info.ctimeNs : info.mtimeNs;
    return { stamp: stampOf(info), settled: Number(changedNs / 1_000_000n) < now - RACY_MS };
  } catch {
    return { stamp: MISSING, settled: true };
  }
}

/**
 * A file's stamp (see {@link takeStamp}), settled or not: for files with no hash to fall back on,
 * compared by stamp alone (the compiler's own files in its fingerprint), or to skip reading a file
 * whose recorded stamp it equals.
 */
export async function fileStamp(file: string): Promise<string> {
  try {
    return stampOf(await stat(file, { bigint: true }));
  } catch {
    return MISSING;
  }
}

/** Hashes of files, each kept while the file's settled stamp stays the same (watch mode's). */
export class FileHashes {
  readonly #known = new Map<string, { stamp: string; hash: string }>();

  async hash(file: string): Promise<string> {
    const taken = await takeStamp(file);
    const known = this.#known.get(file);
    if (known?.stamp === taken.stamp) return known.hash;
    const hash = taken.stamp === MISSING ? MISSING : await fileTextHash(file);
    if (hash !== MISSING && taken.settled) this.#known.set(file, { stamp: taken.stamp, hash });
    else this.#known.delete(file);
    return hash;
  }

  /** Hashes of `files`, in order. */
  all(files: readonly string[]): Promise<string[]> {
    return Promise.all(files.map((file) => this.hash(file)));
  }
}
