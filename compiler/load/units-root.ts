/**
 * Finds the unit files of a units root: `<id>.md` and `<id>/UNIT.md`. A `README.md` at the root is
 * documentation; hidden entries are skipped; a folder holding its own `config.json` is a nested
 * units root (reached through a unitSet), not a unit. A file that looks meant as a unit but is not
 * read (`<id>.yaml` with a backend block, `<id>.MD`, `<id>/unit.md`) gets a warning naming the name
 * it needs; a YAML spec kept beside the units has no backend block and is left alone.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import { noteListing } from "./read-log.js";

export const UNIT_ID_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/** IDs that would shadow JavaScript object machinery in generated code. */
export const RESERVED_IDS = new Set(["__proto__", "constructor", "prototype"]);

export interface UnitFileEntry {
  id: string;
  file: string;
}

/** The IGNORED_UNIT_FILE warning at `file`, whose unit file name would be `wanted`. */
function ignoredFile(file: string, shown: string, wanted: string, yaml: boolean): Diagnostic {
  return createDiagnostic(
    "warning",
    "IGNORED_UNIT_FILE",
    `${shown} is not read as a unit file: unit files are <id>.md or <id>/UNIT.md`,
    { file, line: 1, column: 1 },
    yaml ? `rename it to ${wanted} and put its YAML between --- lines at the top` : `rename it to ${wanted}`,
  );
}

/** A top-level backend block, as a unit file's frontmatter has one (a spec kept beside units has none). */
const BACKEND_KEY =
  /^(?:mcpServers?|openapiEndpoints?|vendorDiscoveryApis?|graphqlEndpoints?|httpApis?|cliTools|unitSets?)\s*:/m;

/** True when the YAML file at `file` declares a backend block, so it was meant as a unit file. */
async function yamlLooksLikeUnit(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  if (!info || info.size > 1_000_000) return false;
  return BACKEND_KEY.test(await readFile(file, "utf8").catch(() => ""));
}

/** The warning for a root entry that looks meant as a unit file but is not one, if it is. */
async function ignoredRootFile(root: string, name: string): Promise<Diagnostic | undefined> {
  const yaml = /^(.+)\.ya?ml$/i.exec(name);
  if (yaml?.[1]) {
    const file = join(root, name);
    return (await yamlLooksLikeUnit(file)) ? ignoredFile(file, name, `${yaml[1]}.md`, true) : undefined;
  }
  if (/\.md$/i.test(name) && !name.endsWith(".md") && name.toLowerCase() !== "readme.md") {
    return ignoredFile(join(root, name), name, `${name.slice(0, -3)}.md`, false);
  }
  return undefined;
}

/**
 * What a folder of the root is: a unit (`<id>/UNIT.md`), a unit file misnamed (a warning), a nested
 * units root (nothing), or a folder that is no unit (a warning).
 */
function folderUnit(
  root: string,
  folder: { name: string; children: string[] },
): UnitFileEntry | Diagnostic | undefined {
  if (folder.children.includes("UNIT.md"))
    return { id: folder.name, file: join(root, folder.name, "UNIT.md") };
  const child = folder.children.find((c) => c.toLowerCase() === "unit.md");
  if (child !== undefined) {
    return ignoredFile(join(root, folder.name, child), `${folder.name}/${child}`, "UNIT.md", false);
  }
  if (folder.children.includes("config.json")) return undefined;
  return createDiagnostic(
    "warning",
    "NOT_A_UNIT",
    `folder "${folder.name}" holds no UNIT.md, so it is not a unit`,
    { file: join(root, folder.name), line: 1, column: 1 },
    "add UNIT.md to make it a unit, or move the folder out of the units root",
  );
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
    if (code === "ENOENT") {
      noteListing(root, []);
      return { entries, diagnostics };
    }
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
    if (!dirent.isFile() || dirent.name.startsWith(".")) continue;
    const ignored = await ignoredRootFile(root, dirent.name);
    if (ignored) diagnostics.push(ignored);
    if (!dirent.name.endsWith(".md")) continue;
    if (dirent.name.toLowerCase() === "readme.md") continue;
    entries.push({ id: dirent.name.slice(0, -3), file: join(root, dirent.name) });
  }
  for (const folder of folderNames) {
    const found = folderUnit(root, folder);
    if (found && "id" in found) entries.push(found);
    else if (found) diagnostics.push(found);
  }
  entries.sort((a, b) => (a.id === b.id ? a.file.localeCompare(b.file) : a.id < b.id ? -1 : 1));
  noteListing(
    root,
    entries.map((entry) => entry.file),
  );
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
