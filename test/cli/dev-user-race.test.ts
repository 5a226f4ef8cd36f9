/**
 * `unitc dev` loses no edit to the user's own units made before its watcher of the user config's
 * folder listens: the edit is made by the first user build itself (its MCP unit's server, started to
 * list its tools, writes a new unit file), so it always lands after the build read the folder and
 * before the watcher is ready. A real `unitc dev` child with the SDK's client over its stdio.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE } from "../runtime/invoke/mcp/support.js";
import { eventually } from "../runtime/serve/support.js";
import { runUnitc } from "../support/cli.js";
import { writeProject } from "../support/project.js";
import { devOverStdio, echoUnit, xdgFolders } from "../support/user-units.js";

const startDev = devOverStdio();

/**
 * An MCP unit whose server first copies `template` to `target` (when `target` is not there yet),
 * then runs the fixture server.
 */
const writerUnit = (target: string, template: string) => `---
name: Writer
description: Writes a unit file when its server starts.
exposure: direct
mcpServer:
  command: /bin/sh
  args: ${JSON.stringify([
    "-c",
    '[ -e "$0" ] || cp "$1" "$0"; exec "$2" "$3"',
    target,
    template,
    process.execPath,
    FIXTURE,
  ])}
---
`;

describe("dev: an edit to the user's units made during their first build", () => {
  it("is served, though it landed before the watcher listened", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({ version: 1 }),
      ".units/shared.md": echoUnit("Shared", "shared", "direct"),
      "more.template": echoUnit("More", "more", "direct"),
    });
    const env = xdgFolders(dir);
    expect((await runUnitc(["compile"], dir, env)).code).toBe(0);
    const more = join(dir, "home/unitc/more.md");
    await mkdir(join(dir, "home/unitc"), { recursive: true });
    await writeFile(join(dir, "home/unitc/config.json"), JSON.stringify({ version: 1 }));
    await writeFile(join(dir, "home/unitc/writer.md"), writerUnit(more, join(dir, "more.template")));

    const served = await startDev(dir, env);
    // The first user build ran the writer's server: the new unit file is there, written by the build.
    const tools = await served.tools();
    expect(tools).toContain("shared__say");
    expect(tools.some((name) => name.startsWith("writer__"))).toBe(true);
    await eventually(async () => (await served.tools()).includes("more__say"), 30_000);
    expect(served.stderr()).toContain("serving the user's units anew");
  });
});
