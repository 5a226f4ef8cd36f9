/**
 * Each operation's `units.describe` text, written at compile time beside the unit's files:
 * `units/<id>/describe.txt` holds the texts one after another and `units/<id>/describe-index.json`
 * where each one lies (in bytes), plus the sizes of the files they were cut from. `unitc inspect
 * unit.op` then reads the small table and one slice, where cutting the text out of the unit's whole
 * declaration means reading and parsing megabytes (GitHub REST's types). A table whose recorded sizes
 * differ from the files beside it is stale, and readers fall back to cutting the text themselves.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import type { ManifestUnit } from "../manifest.js";
import {
  CODE_MODE_DIR,
  DECLARATION_FILE,
  describeDeclaration,
  describeOperation,
  unitDeclarationPath,
  unitDeclarationText,
} from "./declarations.js";
import { type BundleReader, specTypesPath } from "./spec-types-link.js";

/** Bumped when the table changes incompatibly; another format is ignored like a stale one. */
export const DESCRIBE_FORMAT = 1;

/** The table's path in the bundle. */
export function describeIndexPath(unitId: string): string {
  return `units/${unitId}/describe-index.json`;
}

/** The texts' path in the bundle. */
export function describeTextPath(unitId: string): string {
  return `units/${unitId}/describe.txt`;
}

/** The files a unit's describe texts are cut from, relative to the bundle. */
function sourcesOf(unitId: string): string[] {
  return [
    posix.join(CODE_MODE_DIR, unitDeclarationPath(unitId)),
    `units/${unitId}/types.ts`,
    specTypesPath(unitId),
  ];
}

/** The table as written. */
interface DescribeIndex {
  format: typeof DESCRIBE_FORMAT;
  /** Each source file's size in bytes, or -1 when the bundle has no such file. */
  sources: Record<string, number>;
  /** The size of `describe.txt` in bytes. */
  textBytes: number;
  /** By TypeScript name, where the operation's text lies in `describe.txt`: [byte offset, byte length]. */
  operations: Record<string, [number, number]>;
}

/**
 * The two files of a unit's describe texts, for the operations named `tsNames`, from the bundle's
 * files as `read` gives them (the emitted text, before anything is written).
 */
export function describeFiles(
  unitId: string,
  read: BundleReader,
  tsNames: readonly string[],
): Array<[string, string]> {
  const [declarationPath] = sourcesOf(unitId) as [string];
  const declaration = read(declarationPath);
  if (declaration === undefined) return [];
  const unitText = unitDeclarationText(read, unitId, declaration);
  const sources: Record<string, number> = {};
  for (const path of sourcesOf(unitId)) {
    const text = read(path);
    sources[path] = text === undefined ? -1 : Buffer.byteLength(text);
  }
  const operations: Record<string, [number, number]> = {};
  const texts: string[] = [];
  let offset = 0;
  for (const tsName of tsNames) {
    if (Object.hasOwn(operations, tsName)) continue;
    const text = describeOperation(unitText, tsName);
    if (text === undefined) continue;
    const bytes = Buffer.byteLength(text);
    operations[tsName] = [offset, bytes];
    texts.push(text);
    offset += bytes;
  }
  const index: DescribeIndex = { format: DESCRIBE_FORMAT, sources, textBytes: offset, operations };
  // One line per operation: a diff shows which operations' texts moved.
  const table = Object.entries(operations).map(
    ([name, at]) => `    ${JSON.stringify(name)}: ${JSON.stringify(at)}`,
  );
  const head = JSON.stringify({ ...index, operations: undefined }).slice(0, -1);
  return [
    [describeIndexPath(unitId), `${head},"operations":{\n${table.join(",\n")}\n}}\n`],
    [describeTextPath(unitId), texts.join("")],
  ];
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}

function isIndex(data: Partial<DescribeIndex> | null): data is DescribeIndex {
  return (
    data?.format === DESCRIBE_FORMAT &&
    typeof data.sources === "object" &&
    data.sources !== null &&
    typeof data.textBytes === "number" &&
    typeof data.operations === "object" &&
    data.operations !== null
  );
}

/**
 * The describe text of operation `tsName` of unit `unitId` as the bundle in `bundleDir` recorded it:
 * `{ text }` (text undefined when the unit's declaration has no such method), or undefined when the
 * bundle has no table for the unit or it is stale (the caller cuts the text itself then).
 */
export function readDescribed(
  bundleDir: string,
  unitId: string,
  tsName: string,
): { text: string | undefined } | undefined {
  let index: Partial<DescribeIndex> | null;
  try {
    index = JSON.parse(readFileSync(join(bundleDir, describeIndexPath(unitId)), "utf8"));
  } catch {
    return undefined;
  }
  if (!isIndex(index)) return undefined;
  const textFile = join(bundleDir, describeTextPath(unitId));
  if (sizeOf(textFile) !== index.textBytes) return undefined;
  for (const path of sourcesOf(unitId)) {
    if (!Object.hasOwn(index.sources, path) || index.sources[path] !== sizeOf(join(bundleDir, path))) {
      return undefined;
    }
  }
  const at = Object.hasOwn(index.operations, tsName) ? index.operations[tsName] : undefined;
  if (at === undefined) return { text: undefined };
  const [start, length] = at;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(length) || start < 0 || length < 0)
    return undefined;
  if (start + length > index.textBytes) return undefined;
  const buffer = Buffer.alloc(length);
  const fd = openSync(textFile, "r");
  try {
    readSync(fd, buffer, 0, length, start);
  } finally {
    closeSync(fd);
  }
  return { text: buffer.toString("utf8") };
}

/**
 * What {@link describeDeclaration} gives for one operation of `unit`, read from the bundle's files
 * without loading the declarations: the recorded text of a unit in Code Mode, the compact signature
 * of one that is not; undefined when the unit's table is missing or stale (load the declarations then).
 */
export function describedFromFiles(
  bundleDir: string,
  unit: ManifestUnit,
  tsName: string,
): { text: string | undefined } | undefined {
  let main: string;
  try {
    main = readFileSync(join(bundleDir, DECLARATION_FILE), "utf8");
  } catch {
    return { text: describeDeclaration(undefined, unit, tsName) };
  }
  const reference = `/// <reference path=${JSON.stringify(unitDeclarationPath(unit.id))} />`;
  if (!main.split("\n").includes(reference)) return { text: describeDeclaration(undefined, unit, tsName) };
  return readDescribed(bundleDir, unit.id, tsName);
}
