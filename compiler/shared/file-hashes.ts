/**
 * Content hashes of local files (of their UTF-8 text), recomputed only when a file's size, inode,
 * modification or change time (nanoseconds) changed, or it changed too recently for its times to
 * tell. A missing or unreadable file hashes to {@link MISSING}.
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

/** A file's size, inode and modification time (nanoseconds), or {@link MISSING}. */
export async function fileStamp(file: string): Promise<string> {
  try {
    const info = await stat(file, { bigint: true });
    return `${info.size}:${info.ino}:${info.mtimeNs}`;
  } catch {
    return MISSING;
  }
}

/** The {@link textHash} of a file's text, or {@link MISSING}. */
export async function fileTextHash(file: string): Promise<string> {
  try {
    return bytesHash(await readFile(file));
  } catch {
    return MISSING;
  }
}

interface Known {
  stamp: string;
  hash: string;
}

/**
 * How recently a file may have changed for its stamp to be trusted. File times come from a coarse
 * clock (a kernel tick; 1 or 2 s on some file systems), so a file changed twice within one tick can
 * show one size and one set of times: a hash taken that close to a change is not kept (git calls
 * such an entry "racily clean"). Wider than any common file system's tick.
 */
const RACY_MS = 2_000;

/** A file's size, inode, modification and change times: changing its content or times changes the change time too. */
function stampOf(info: BigIntStats): string {
  return `${info.size}:${info.ino}:${info.mtimeNs}:${info.ctimeNs}`;
}

/** True when the file last changed well before `now`: a later change cannot share its stamp. */
function settled(info: BigIntStats, now: number): boolean {
  const changed = Number((info.ctimeNs > info.mtimeNs ? info.ctimeNs : info.mtimeNs) / 1_000_000n);
  return changed < now - RACY_MS;
}

export class FileHashes {
  readonly #known = new Map<string, Known>();

  async hash(file: string): Promise<string> {
    const now = Date.now();
    const info = await stat(file, { bigint: true }).catch(() => undefined);
    if (!info) {
      this.#known.delete(file);
      return MISSING;
    }
    const stamp = stampOf(info);
    const known = this.#known.get(file);
    if (known?.stamp === stamp) return known.hash;
    const hash = await fileTextHash(file);
    if (hash !== MISSING && settled(info, now)) this.#known.set(file, { stamp, hash });
    else this.#known.delete(file);
    return hash;
  }

  /** Hashes of `files`, in order. */
  all(files: readonly string[]): Promise<string[]> {
    return Promise.all(files.map((file) => this.hash(file)));
  }
}
