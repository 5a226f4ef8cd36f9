/**
 * Finds the unit files of a units root: `<id>.md` and `<id>/UNIT.md`. A `README.md` at the root is
 * documentation; hidden entries are skipped; a folder holding its own `config.json` is a nested
 * units root (reached through a unitSet), not a unit.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { createDiagnostic, type Diagnostic } from "../diagnostics.js";

export const UNIT_ID_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/** IDs that would shadow JavaScript object machinery in generated code. */
export const RESERVED_IDS = new Set(["__proto__", "constructor", "prototype"]);

export interface UnitFileEntry {
  id: string;
  file: string;
}

/** Lists unit files below `root` in a stable order; problems with names become diagnostics. */
export async function listUnitFiles(
  root: string,
): Promise<{ entries: UnitFileEntry[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const entries: UnitFileEntry[] = [];
  let dirents: import("node:fs").Dirent[];
  try {
    dirents = await readdir(root, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { entries, diagnostics };
    diagnostics.push(
      createDiagnostic("error", "FILE_UNREADABLE", `units root cannot be read (${code})`, { file: root }),
    );
    return { entries, diagnostics };
  }
  const folderNames = await Promise.all(
    dirents
      .filter((d) => d.isDirectory() && !d.name.startsWith("."))
      .map(async (d) => ({
        name: d.name,
        children: await readdir(join(root, d.name)).catch(() => [] as string[]),
      })),
  );
  for (const dirent of dirents) {
    if (!dirent.isFile() || dirent.name.startsWith(".") || !dirent.name.endsWith(".md")) continue;
    if (dirent.name.toLowerCase() === "readme.md") continue;
    entries.push({ id: dirent.name.slice(0, -3), file: join(root, dirent.name) });
  }
  for (const folder of folderNames) {
    if (folder.children.includes("UNIT.md")) {
      entries.push({ id: folder.name, file: join(root, folder.name, "UNIT.md") });
    } else if (!folder.children.includes("config.json")) {
      diagnostics.push(
        createDiagnostic(
          "warning",
          "NOT_A_UNIT",
          `folder "${folder.name}" holds no UNIT.md, so it is not a unit`,
          { file: join(root, folder.name), line: 1, column: 1 },
          "add UNIT.md to make it a unit, or move the folder out of the units root",
        ),
      );
    }
  }
  entries.sort((a, b) => (a.id === b.id ? a.file.localeCompare(b.file) : a.id < b.id ? -1 : 1));
  return { entries, diagnostics };
}

/** Checks a unit ID taken from a file or folder name. */
export function checkUnitFileId(entry: UnitFileEntry): Diagnostic | undefined {
  if (!UNIT_ID_PATTERN.test(entry.id)) {
    return createDiagnostic(
      "error",
      "INVALID_UNIT_ID",
      `"${entry.id}" is not a valid unit ID: use 1 to 64 letters, digits, "_" or "-"`,
      { file: entry.file, line: 1, column: 1 },
      "rename the file or folder",
    );
  }
  if (RESERVED_IDS.has(entry.id)) {
    return createDiagnostic(
      "error",
      "RESERVED_ID",
      `"${entry.id}" is reserved and cannot be a unit ID`,
      { file: entry.file, line: 1, column: 1 },
      "rename the file or folder",
    );
  }
  return undefined;
}
