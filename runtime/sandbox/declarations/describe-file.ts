/**
 * Each operation's `units.describe` text, worked out at compile time and written beside the unit's
 * files, so `unitc inspect unit.op` reads a small table and a few slices where cutting the text out
 * of the unit's whole declaration means reading and parsing megabytes (GitHub REST's types). The
 * texts share most of their parts (the generated types many operations use), and those parts are
 * the unit's own files rewritten line by line, so nothing is copied: `units/<id>/describe-index.json`
 * lists each distinct piece once, as a byte range of `types.ts` or `spec-types.ts` (describe-sources.ts)
 * or of `units/<id>/describe.txt` (the few texts that are no file's, such as a namespace's opening),
 * and per operation only the numbers of its pieces. A table whose recorded sizes differ from the
 * files beside it is stale, and readers fall back to cutting the text themselves.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import type { ManifestUnit } from "../../contract/manifest.js";
import {
  CODE_MODE_DIR,
  DECLARATION_FILE,
  describeDeclaration,
  unitDeclarationPath,
  unitDeclarationRegions,
} from "./declarations.js";
import {
  DESCRIBE_FORMAT,
  DESCRIBE_FORMAT_ARRAYS,
  type DescribeIndex,
  decodePieces,
  encodePieces,
  operationText,
  PieceTable,
} from "./describe-pieces.js";
import { DeclarationSources } from "./describe-sources.js";
import { describeOperationPieces } from "./operation-declaration.js";
import { type BundleReader, specTypesPath } from "./spec-types-link.js";
import { forgetTypesIndex } from "./types-excerpt.js";

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
  const { text: unitText, regions } = unitDeclarationRegions(read, unitId, declaration);
  const sources: Record<string, number> = {};
  for (const path of sourcesOf(unitId)) {
    const text = read(path);
    sources[path] = text === undefined ? -1 : Buffer.byteLength(text);
  }
  const files = new Map(regions.map((region) => [region.path, read(region.path) ?? ""]));
  const operations: Record<string, string> = {};
  const table = new PieceTable(sources, new DeclarationSources(unitText, regions, files), read);
  for (const tsName of tsNames) {
    if (Object.hasOwn(operations, tsName)) continue;
    const pieces = describeOperationPieces(unitText, tsName);
    if (pieces !== undefined) operations[tsName] = table.add(unitText, pieces);
  }
  forgetTypesIndex(unitText);
  const { pieces: _pieces, ...rest } = table.index(operations);
  // One line per piece and per operation: a diff shows which ones moved.
  const head = JSON.stringify({ ...rest, operations: undefined }).slice(0, -1);
  const lines = (entries: string[]) => `\n${entries.join(",\n")}\n`;
  const named = Object.entries(operations).map(
    ([name, numbers]) => `${JSON.stringify(name)}:${JSON.stringify(numbers)}`,
  );
  return [
    [
      describeIndexPath(unitId),
      `${head},"pieces":[${lines(encodePieces(table.pieces))}],"operations":{${lines(named)}}}\n`,
    ],
    [describeTextPath(unitId), table.text],
  ];
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}

/** The table as read, its pieces decoded (format 3) or as written (format 2); undefined when it is no such table. */
function checkedIndex(data: Record<string, unknown> | null, unitId: string): DescribeIndex | undefined {
  const own = sourcesOf(unitId);
  const pieces =
    data?.format === DESCRIBE_FORMAT
      ? decodePieces(data.pieces)
      : data?.format === DESCRIBE_FORMAT_ARRAYS && Array.isArray(data.pieces)
        ? data.pieces
        : undefined;
  const index = { ...data, pieces } as Partial<DescribeIndex>;
  const valid =
    pieces !== undefined &&
    typeof index.sources === "object" &&
    index.sources !== null &&
    typeof index.textBytes === "number" &&
    // Pieces are read only from the unit's own files.
    Array.isArray(index.files) &&
    index.files.every(
      (file) => Array.isArray(file) && own.includes(file[0]) && ["spec", "types"].includes(file[1]),
    ) &&
    typeof index.operations === "object" &&
    index.operations !== null;
  return valid ? (index as DescribeIndex) : undefined;
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
  let index: DescribeIndex | undefined;
  try {
    index = checkedIndex(
      JSON.parse(readFileSync(join(bundleDir, describeIndexPath(unitId)), "utf8")),
      unitId,
    );
  } catch {
    return undefined;
  }
  if (index === undefined) return undefined;
  const textFile = join(bundleDir, describeTextPath(unitId));
  if (sizeOf(textFile) !== index.textBytes) return undefined;
  for (const path of sourcesOf(unitId)) {
    if (!Object.hasOwn(index.sources, path) || index.sources[path] !== sizeOf(join(bundleDir, path))) {
      return undefined;
    }
  }
  const numbers = Object.hasOwn(index.operations, tsName) ? index.operations[tsName] : undefined;
  if (numbers === undefined) return { text: undefined };
  if (typeof numbers !== "string") return undefined;
  const paths = [textFile, ...index.files.map(([path]) => join(bundleDir, path))];
  const fds = new Map<number, number>();
  try {
    const text = operationText(index, numbers, (source, start, length) => {
      let fd = fds.get(source);
      if (fd === undefined) {
        fd = openSync(paths[source] as string, "r");
        fds.set(source, fd);
      }
      const buffer = Buffer.alloc(length);
      return readSync(fd, buffer, 0, length, start) === length ? buffer : undefined;
    });
    return text === undefined ? undefined : { text };
  } catch {
    return undefined;
  } finally {
    for (const fd of fds.values()) closeSync(fd);
  }
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
