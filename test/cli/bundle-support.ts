/**
 * A project folder holding a copy of the committed examples/basic bundle as `generated/`, its
 * manifest pointed at the example service on a free port (for `list`, `inspect`, `search`, `call`).
 */
import { cpSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startExampleServer } from "../../examples/basic/server.mjs";
import { copyExampleBundle, env } from "../runtime/sandbox/support.js";
import { writeProject } from "../support/project.js";

export { env };

/** The example service and a project whose `generated/` is the example bundle pointed at it. */
export async function exampleProject(): Promise<{ dir: string; url: string; close(): Promise<void> }> {
  const server = await startExampleServer({
    port: 0,
    notesToken: env.NOTES_TOKEN,
    weatherKey: env.WEATHER_KEY,
  });
  const dir = await writeProject({});
  renameSync(await copyExampleBundle(server.url), join(dir, "generated"));
  return { dir, url: server.url, close: () => server.close() };
}

/** A new project holding a copy of `dir`'s `generated/` (to change files of it in one test only). */
export async function copyOfProject(dir: string): Promise<string> {
  const copy = await writeProject({});
  cpSync(join(dir, "generated"), join(copy, "generated"), { recursive: true });
  return copy;
}

/**
 * Blanks the manifest's line holding operation `name` of unit `unitId` (same size, no longer JSON):
 * a command that reads the whole manifest fails, one that reads only another operation's slices does not.
 */
export function spoilOperationLine(dir: string, unitId: string, name: string): void {
  const path = join(dir, "generated", "manifest.json");
  const text = readFileSync(path, "utf8");
  const offsets = JSON.parse(readFileSync(join(dir, "generated", "manifest-offsets.json"), "utf8")) as {
    units: Array<{ unit: { id: string }; operations: Array<[string, number, number, string?]> }>;
  };
  const entry = offsets.units.find((u) => u.unit.id === unitId)?.operations.find((op) => op[0] === name);
  if (!entry) throw new Error(`no operation ${unitId}.${name}`);
  const bytes = Buffer.from(text);
  bytes.fill(" ", entry[1], entry[2]);
  writeFileSync(path, bytes);
}
