/**
 * `unitc dev` tells clients (`notifications/tools/list_changed`) only when what they see changed: an
 * edit that leaves every served unit as it was rebuilds, or is served anew, without a notification;
 * a changed description sends one. A real `unitc dev` child with the SDK's client over its stdio.
 */
import { readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { eventually } from "../runtime/serve/support.js";
import { writeProject } from "../support/project.js";
import { devOverStdio, echoUnit, xdgFolders } from "../support/user-units.js";

const startDev = devOverStdio();

const unit = (description: string, blankLine = false) =>
  echoUnit("Notes", "notes", "direct").replace(
    "description: Prints notes.\n",
    `description: ${description}\n${blankLine ? "\n" : ""}`,
  );

/** How many times `pattern` occurs in `text`. */
const occurrences = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe("unitc dev: list_changed only for a change clients see", () => {
  it("sends none for a touch, a whitespace edit or a rebuild that leaves the units as they were; one for a new description", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({ version: 1 }),
      ".units/notes.md": unit("Prints notes."),
    });
    const served = await startDev(dir, xdgFolders(dir), ["--user-config", "none"]);
    let notified = 0;
    served.client.setNotificationHandler("notifications/tools/list_changed", () => {
      notified += 1;
    });
    expect(await served.tools()).toEqual(["notes__say", "search_tools"]);
    const rebuilt = () => occurrences(served.stderr(), /unitc: rebuilt /g);
    const swapped = () => occurrences(served.stderr(), /unitc dev: serving the new build/g);

    // Touched, then a blank line added between the frontmatter's keys: rebuilt, nothing written.
    const notes = join(dir, ".units/notes.md");
    const now = new Date();
    await utimes(notes, now, now);
    let before = rebuilt();
    await writeFile(notes, unit("Prints notes.", true));
    await eventually(() => rebuilt() > before);

    // The bundle folder turned on: files written, the manifest byte-identical, the new build served.
    before = swapped();
    await writeFile(
      join(dir, ".units/config.json"),
      JSON.stringify({ version: 1, output: { bundle: true } }),
    );
    await eventually(() => swapped() > before);

    // A real change last, served once its build's line is on stderr; a request made after that is
    // answered on stdout after every notification sent before it, its own included.
    await writeFile(notes, unit("Prints notes, described anew."));
    await eventually(() => /serving the new build \(1 unit changed\)/.test(served.stderr()));
    await served.client.listTools();
    const manifest = JSON.parse(await readFile(join(dir, "generated/manifest.json"), "utf8")) as Manifest;
    expect(manifest.units[0]?.description).toBe("Prints notes, described anew.");
    expect(notified).toBe(1);
    expect(served.stderr()).toContain("serving the new build (0 units changed); no client notified");
    expect(served.stderr()).toContain("serving the new build (1 unit changed); clients notified");
  });
});
