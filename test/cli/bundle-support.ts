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
 * Blanks the manifest's line holding operation `name` of unit `unitId` after its name (same size, no
 * longer JSON): a command that reads the whole manifest fails, one that reads only another
 * operation's line does not.
 */
export function spoilOperationLine(dir: string, unitId: string, name: string): void {
  const path = join(dir, "generated", "manifest.json");
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  const units = JSON.parse(text).units as Array<{ id: string }>;
  if (!units.some((u) => u.id === unitId)) throw new Error(`no unit ${unitId}`);
  const head = `{"name":${JSON.stringify(name)}`;
  const at = lines.findIndex((line) => line.trimStart().startsWith(`${head},`));
  if (at < 0) throw new Error(`no operation ${unitId}.${name}`);
  const line = lines[at] as string;
  const kept = line.indexOf(head) + head.length;
  const end = line.endsWith(",") ? line.length - 1 : line.length;
  lines[at] = line.slice(0, kept) + " ".repeat(Buffer.byteLength(line.slice(kept, end))) + line.slice(end);
  writeFileSync(path, lines.join("\n"));
}
