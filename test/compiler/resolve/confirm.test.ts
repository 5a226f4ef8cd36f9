/**
 * A unit's `confirm` (which operations serving confirms with the person), compiled for real: from a
 * config entry and from a unit file, a plural child inheriting its parent's unless it sets its own,
 * carried into the manifest as written; a value that is neither `destructive` nor a list of names is
 * refused at its line with a hint.
 */

import { afterAll, describe, expect, it } from "vitest";
import { cleanupProjects } from "../../support/project.js";
import { action, compileFiles, validateManifest } from "./support.js";

afterAll(cleanupProjects);

describe("confirm", () => {
  it("reaches the manifest from a config entry and a unit file; plural children inherit it", async () => {
    const { manifest, diagnostics } = await compileFiles({
      ".units/config.json": JSON.stringify({
        cliTools: {
          files: {
            name: "Files",
            description: "Files.",
            confirm: ["remove*", "wipe"],
            actions: { list: action("ls"), removeAll: action("true") },
          },
        },
      }),
      ".units/suite.md": [
        "---",
        "name: Suite",
        "description: Two CLI suites.",
        "confirm: destructive",
        "cliTools:",
        "  plain:",
        "    actions:",
        "      hello: { command: echo, args: [hello] }",
        "  own:",
        "    confirm: [purge]",
        "    actions:",
        "      purge: { command: 'true' }",
        "---",
        "",
      ].join("\n"),
    });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const confirmOf = Object.fromEntries((manifest?.units ?? []).map((unit) => [unit.id, unit.confirm]));
    expect(confirmOf).toEqual({
      files: ["remove*", "wipe"],
      suite__plain: "destructive",
      suite__own: ["purge"],
    });
    expect(validateManifest(manifest), JSON.stringify(validateManifest.errors)).toBe(true);
  });

  it("warns at the name when a confirm name matches no operation; a parent's list needs one child to match", async () => {
    const { manifest, diagnostics } = await compileFiles({
      ".units/config.json": JSON.stringify(
        {
          cliTools: {
            files: {
              name: "Files",
              description: "Files.",
              confirm: ["removeAll", "deleteNotes"],
              actions: { list: action("ls"), removeAll: action("true") },
            },
          },
        },
        null,
        2,
      ),
      ".units/suite.md": [
        "---",
        "name: Suite",
        "description: Two CLI suites.",
        "confirm: [purge]",
        "cliTools:",
        "  plain:",
        "    actions:",
        "      hello: { command: echo, args: [hello] }",
        "  own:",
        "    actions:",
        "      purge: { command: 'true' }",
        "---",
        "",
      ].join("\n"),
    });
    const warnings = diagnostics.filter((d) => d.code === "CONFIRM_MATCHES_NOTHING");
    expect(warnings.map((d) => [d.severity, d.line, d.message])).toEqual([
      [
        "warning",
        8,
        'confirm names "deleteNotes", which matches no operation of unit "files": no call is confirmed for it',
      ],
    ]);
    expect(warnings[0]?.hint).toContain("list, removeAll");
    // A warning: the bundle is still written, with the list as given.
    expect(manifest?.units.find((unit) => unit.id === "files")?.confirm).toEqual([
      "removeAll",
      "deleteNotes",
    ]);
  });

  it("leaves confirm out of the manifest where no unit sets it", async () => {
    const { manifest } = await compileFiles({
      ".units/config.json": JSON.stringify({
        cliTools: { files: { name: "Files", description: "Files.", actions: { list: action("ls") } } },
      }),
    });
    expect(manifest?.units[0]).not.toHaveProperty("confirm");
  });

  it.each([
    ["a word other than destructive", '"always"'],
    ["an empty list", "[]"],
    ["a list with an empty name", '[""]'],
  ])("refuses %s at its line, with a hint", async (_case, value) => {
    const { manifest, diagnostics } = await compileFiles({
      ".units/config.json": `{\n  "cliTools": {\n    "files": {\n      "name": "Files",\n      "description": "Files.",\n      "confirm": ${value},\n      "actions": { "list": { "command": "ls" } }\n    }\n  }\n}\n`,
    });
    expect(manifest?.units ?? []).toEqual([]);
    const errors = diagnostics.filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.line).toBe(6);
    expect(errors.map((d) => `${d.message} ${d.hint ?? ""}`).join("\n")).toMatch(/confirm/);
  });
});
