/**
 * Code Mode got ready ahead of the first run: the type checker (TypeScript and its lib, most of a
 * new serve's first check) started as early as the bundle says it has Code Mode units, and one engine.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DECLARATION_FILE } from "./declarations/declarations.js";
import { defaultSandboxPool } from "./workers/pool.js";

/** Whether the bundle in `bundleDir` declares Code Mode units (its `units.d.ts` references one). */
export function declaresCodeModeUnits(bundleDir: string): boolean {
  try {
    return readFileSync(join(bundleDir, DECLARATION_FILE), "utf8").includes("/// <reference path=");
  } catch {
    return false;
  }
}

/**
 * Starts the type checker for the bundle in `bundleDir` when it declares Code Mode units; its thread
 * is made before this returns (from a compiled build), so TypeScript loads while the caller reads
 * the rest of the bundle. Returns what ends it again, for a caller that then finds it serves no unit
 * in Code Mode; undefined when nothing was started.
 */
export function startTypeChecker(bundleDir: string, pool = defaultSandboxPool()): (() => void) | undefined {
  if (!declaresCodeModeUnits(bundleDir)) return undefined;
  void pool.checks.prepareTypes().catch(() => undefined);
  return () => void pool.checks.stopTypes();
}

/**
 * Gets Code Mode ready for `bundleDir` ahead of the first run: one engine started and the type
 * checker loaded with TypeScript and its lib. No declarations are loaded: each script is checked
 * against those of the operations it names (a new program for it takes tens of milliseconds once the
 * lib is parsed), so a large API's (hundreds of MB in the checker) are never held by a serve that
 * sits idle, and a first script does not wait behind a preparation of declarations it does not use.
 * Never rejects.
 */
export async function prepareCodeMode(bundleDir: string, pool = defaultSandboxPool()): Promise<void> {
  // One engine first: a run needs one, and it (QuickJS, a fraction of a second) must not wait
  // behind the checker's TypeScript load (seconds when busy); the others start after the first run,
  // so an idle serve holds one. The syntax reader, a second copy of TypeScript, is not started:
  // plain JavaScript is read on the host, and only a script with TypeScript syntax starts it.
  const engines = pool.warm().catch(() => undefined);
  // Without declarations nothing is type-checked. A preparation given up (a busy machine past its
  // budget) is tried once more: runs skip a checker that is not ready.
  for (let attempt = 0; attempt < 2 && declaresCodeModeUnits(bundleDir); attempt += 1) {
    try {
      await pool.checks.prepareTypes();
      break;
    } catch {
      // Tried again, on a new worker.
    }
  }
  await engines;
}
