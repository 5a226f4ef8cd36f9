/**
 * Writing a dump file: always a new owner-only (0600) file, written beside the target and renamed
 * over it, so an existing file's wider mode is never kept; a symbolic link as the target is refused
 * rather than followed, so a dump never lands wherever the link points.
 */
import { randomBytes } from "node:crypto";
import { lstat, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { StoreError } from "./shared/types.js";

/** Writes `text` to `file` as a fresh 0600 file; STORAGE_EXPORT_SYMLINK when `file` is a link. */
export async function writeDumpFile(file: string, text: string): Promise<void> {
  const found = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (found?.isSymbolicLink()) {
    throw new StoreError(
      "STORAGE_EXPORT_SYMLINK",
      `${file} is a symbolic link; the dump is not written through it`,
      "pass the path of a regular file (or of one that does not exist yet)",
    );
  }
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  // "wx": a new file only, created 0600 whatever the umask leaves.
  const handle = await open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(text);
    await handle.chmod(0o600);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temporary).catch(() => {});
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}
