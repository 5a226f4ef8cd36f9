/**
 * A project folder holding a copy of the committed examples/basic bundle as `generated/`, its
 * manifest pointed at the example service on a free port (for `list`, `inspect`, `search`, `call`).
 */
import { renameSync } from "node:fs";
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
