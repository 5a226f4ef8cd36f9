/** What the build-record tests share: a build that writes and reuses its record, and the state of its output. */
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import type { BuildOptions } from "../../compiler/build.js";

/** A build of the project in `dir` into `dir/generated` that keeps a build record and answers from it. */
export const recordedBuild = (dir: string): BuildOptions => ({
  projectDir: dir,
  userConfigFile: false,
  outDir: join(dir, "generated"),
  record: true,
  reuseRecord: true,
});

/** Every output file with its inode, modification time and text: a rewrite changes it. */
export async function outputStates(outDir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const info = await stat(path, { bigint: true });
        found[relative(outDir, path)] = `${info.ino}:${info.mtimeNs}:${await readFile(path, "utf8")}`;
      }
    }
  };
  await walk(outDir);
  return found;
}
