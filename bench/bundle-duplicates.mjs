// Text a bundle holds twice: each file's strings (JSON string values, and the lines of other files,
// doc-comment stars cut) longer than 40 characters that another file of the bundle holds too, as a
// bench row per file with such bytes. What the bundle-size rows compare against a peer is whole files;
// this row says which of their bytes are a second copy of text that is already elsewhere.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const LONG = 40;

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The strings of one bundle file longer than {@link LONG}: the lines of its text, or of a JSON file's strings. */
function longStrings(path, text) {
  const strings = [];
  const walk = (value) => {
    if (typeof value === "string") strings.push(...value.split("\n"));
    else if (value && typeof value === "object") for (const item of Object.values(value)) walk(item);
  };
  // A JSON file with a comment (Code Mode's tsconfig.json) is read as lines, like the TS files.
  const json = path.endsWith(".json") ? parsed(text) : undefined;
  if (json !== undefined) walk(json);
  else strings.push(...text.split("\n"));
  return strings
    .map((line) =>
      line
        .replace(/^\s*(\/\*\*|\*\/|\*)?\s?/, "")
        .replace(/\s*\*\/\s*$/, "")
        .trim(),
    )
    .filter((s) => s.length > LONG);
}

/** Per file of `dir`, the bytes of its long strings found in another file as well (files with none left out). */
export function duplicateBytes(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
  const strings = new Map(
    files.map((path) => [path, longStrings(path, readFileSync(join(dir, path), "utf8"))]),
  );
  const holders = new Map();
  for (const [path, list] of strings)
    for (const s of new Set(list)) holders.set(s, (holders.get(s) ?? new Set()).add(path));
  const rows = [];
  for (const [path, list] of strings) {
    const bytes = list.filter((s) => holders.get(s).size > 1).reduce((n, s) => n + Buffer.byteLength(s), 0);
    if (bytes > 0) rows.push({ path, bytes });
  }
  return rows.sort((a, b) => b.bytes - a.bytes);
}

/** Bench rows: the files of the bundle in `dir` with text another file holds too, largest first. */
export function duplicateRows(dir, label) {
  return duplicateBytes(dir)
    .filter((row) => row.bytes >= 1000)
    .map((row) => ({
      name: `${label}: ${row.path}, strings of over ${LONG} characters another file holds too`,
      value: (row.bytes / 1e6).toFixed(3),
      unit: "MB",
    }));
}
