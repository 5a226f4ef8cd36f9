/**
 * The repository's own import graph, read with TypeScript's pre-processor (static, type-only and
 * dynamic imports alike), for the layout tests: folder layers and the compiler's seam to the runtime.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import ts from "typescript";

/** The repository root. */
export const ROOT = join(import.meta.dirname, "..", "..");

/** Every `.ts` source under `folder` (a path from the root), declaration files left out. */
export function sourcesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith(".ts") && !path.endsWith(".d.ts")) found.push(path);
    }
  };
  walk(folder);
  return found.sort();
}

/** The repository files `file` imports by a relative path, as paths from the root. */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith("./") || name.startsWith("../"))
    .map((name) => posix.normalize(posix.join(posix.dirname(file), name)).replace(/\.js$/, ".ts"));
}

/** Edges between folders: for each folder, the other folders its files import. */
export function folderGraph(files: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = dirname(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of importsOf(file)) {
      const to = dirname(target);
      if (to !== from) graph.get(from)?.add(to);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one node (Tarjan): each is a circle of imports. */
export function circles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** A path from the root, for messages. */
export function shown(path: string): string {
  return relative(ROOT, join(ROOT, path));
}
