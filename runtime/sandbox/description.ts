/**
 * The `code_mode` tool as agents see it: a description naming every Code Mode unit (ID, one line,
 * operation count), the API in a few lines, the rules of the sandbox, and the advice to search
 * before calling; plus its input schema.
 */

import type { Manifest } from "../contract/manifest.js";
import { unitAccessor } from "../contract/signature.js";
import { summarize } from "../search/index.js";
import { shownText } from "../shared/shown-text.js";
import { inCodeMode } from "./bridge.js";
import {
  DEFAULT_TIMEOUT_MS,
  MAX_CODE_BYTES,
  MAX_LOG_BYTES,
  MAX_RESULT_BYTES,
  MAX_TIMEOUT_MS,
  MEMORY_LIMIT_BYTES,
} from "./shared/limits.js";

export interface CodeModeDescriptionOptions {
  /** Units listed by name; the rest are counted (default 50). */
  maxUnits?: number;
}

/** The API block: at most 40 lines (a test holds it to that). */
export const CODE_MODE_API = `declare const units: {
  /** Finds operations by what they do, best first. Start here. */
  search(query: string, options?: { unit?: string; limit?: number }): Promise<Array<{
    unit: string; operation: string; signature: string; description: string }>>;
  /** The exact TypeScript input and output types of a unit, or of one operation. */
  describe(unit: string, operation?: string): Promise<string>;
  /** Every unit listed below: await units.<unit>.<operation>(input). */
  readonly [unit: string]: { [operation: string]: (input?: object) => Promise<unknown> };
};
/** Captured and returned with the result, not printed anywhere. */
declare const console: Record<"log" | "info" | "warn" | "error" | "debug", (...data: unknown[]) => void>;`;

const KIB = 1024;

/** The `code_mode` tool description for the Code Mode units of `manifest`. */
export function codeModeDescription(manifest: Manifest, options: CodeModeDescriptionOptions = {}): string {
  const units = manifest.units.filter(inCodeMode);
  const shown = units.slice(0, options.maxUnits ?? 50);
  const lines = shown.map((unit) => {
    const about = summarize(shownText(unit.description || unit.name, []));
    const count = `${unit.operations.length} operation${unit.operations.length === 1 ? "" : "s"}`;
    return `- ${unit.id}: ${about} (${count})`;
  });
  if (units.length > shown.length)
    lines.push(`- and ${units.length - shown.length} more: find them with units.search`);
  const example = shown[0] ? unitAccessor(shown[0].id) : "units.<unit>";
  return [
    "Run a TypeScript or JavaScript script in a sandbox where every unit below is a typed async API.",
    "Do several calls in one script, filter and join their results in code, and return only what you need.",
    "",
    'Search first: `await units.search("what you want to do")` returns matching operations with their call',
    'signatures; `await units.describe("<unit>", "<operation>")` returns the exact input and output types.',
    `Then call them, e.g. \`const result = await ${example}.<operation>({ ... })\`.`,
    "",
    "API:",
    CODE_MODE_API,
    "",
    "Rules: top-level await and return work; the result is the returned value (or the value of the last",
    `expression) as JSON, at most ${MAX_RESULT_BYTES / KIB} KiB; logs at most ${MAX_LOG_BYTES / KIB} KiB. A failed call throws an Error with`,
    "code, message and hint. There is no network, file system, require, import, fetch or timer: only units.",
    `Limits: ${DEFAULT_TIMEOUT_MS / 1000} s by default (timeoutMs up to ${MAX_TIMEOUT_MS}), ${MEMORY_LIMIT_BYTES / KIB / KIB} MiB memory, scripts up to ${MAX_CODE_BYTES / KIB} KiB.`,
    "",
    `Units (${units.length}):`,
    ...lines,
  ].join("\n");
}

/** The input schema of the `code_mode` tool. */
export const CODE_MODE_INPUT_SCHEMA = {
  type: "object",
  properties: {
    code: {
      type: "string",
      minLength: 1,
      description: "The TypeScript or JavaScript to run; return the value you want back",
    },
    timeoutMs: {
      type: "integer",
      minimum: 1,
      maximum: MAX_TIMEOUT_MS,
      description: `Time limit in milliseconds (default ${DEFAULT_TIMEOUT_MS})`,
    },
  },
  required: ["code"],
  additionalProperties: false,
} as const;
