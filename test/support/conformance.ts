/**
 * Conformance tables: each case is a small project (files written to a temp folder) and the exact
 * text `unitc validate` prints for it (`file:line:col severity CODE message` plus `  hint:` lines),
 * with paths relative to the project folder. A valid case wants no output at all.
 */
import { afterAll, expect, it } from "vitest";
import { cleanupProjects, validateFiles } from "./project.js";

export interface ConformanceCase {
  files: Record<string, string>;
  /** A user config file among `files` (relative path); storage and serve are only valid there. */
  userConfig?: string;
  /** The printed diagnostics (a leading newline is ignored); `""` for a valid project. */
  want: string;
}

export type ConformanceTable = [name: string, ConformanceCase][];

/** A unit file `.units/<id>.md` with `yaml` as its frontmatter (the first line of `yaml` is line 2). */
export function unit(yaml: string, id = "u"): Record<string, string> {
  const body = yaml.startsWith("\n") ? yaml.slice(1) : yaml;
  return { [`.units/${id}.md`]: `---\n${body.endsWith("\n") ? body : `${body}\n`}---\n\n# Readme\n` };
}

/** A project config `.units/config.json` holding `value` as indented JSON. */
export function config(value: unknown): Record<string, string> {
  return { ".units/config.json": `${JSON.stringify(value, null, 2)}\n` };
}

/** Path of the user config written by {@link userConfig}. */
export const USER_CONFIG = "home/units/config.json";

/** A user config holding `value` as indented JSON. */
export function userConfig(value: unknown): Record<string, string> {
  return { [USER_CONFIG]: `${JSON.stringify(value, null, 2)}\n` };
}

/** A minimal singular CLI backend block, for frontmatter cases about other fields. */
export const CLI = `cliTools:
  actions:
    run:
      command: ls
`;

/** A config entry needing nothing else: name, description and one CLI action. */
export const CLI_ENTRY = { name: "Files", description: "List files.", actions: { run: { command: "ls" } } };

/** Registers one test per case, comparing the whole printed text. */
export function runConformance(table: ConformanceTable): void {
  afterAll(cleanupProjects);
  it.each(table)("%s", async (_name, { files, userConfig, want }) => {
    const { text } = await validateFiles(files, userConfig === undefined ? {} : { userConfig });
    if (process.env.CONFORMANCE_DUMP) {
      const { appendFileSync } = await import("node:fs");
      appendFileSync(process.env.CONFORMANCE_DUMP, `${JSON.stringify([_name, text])}\n`);
    }
    expect(text).toBe(want.replace(/^\n/, ""));
  });
}
