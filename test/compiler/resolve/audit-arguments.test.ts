/**
 * A unit's `audit` (its calls' arguments kept in the audit log, redacted), compiled for real: from a
 * config entry and from a unit file, a plural child inheriting its parent's unless it sets its own,
 * carried into the manifest as written and absent where no unit sets it; an unknown key or a value of
 * the wrong type is refused with its stable code at its line and column.
 */

import { afterAll, describe, expect, it } from "vitest";
import { cleanupProjects } from "../../support/project.js";
import { action, compileFiles, validateManifest } from "./support.js";

afterAll(cleanupProjects);

describe("audit (arguments in the audit log)", () => {
  it("reaches the manifest from a config entry and a unit file; plural children inherit it", async () => {
    const { manifest, diagnostics } = await compileFiles({
      ".units/config.json": JSON.stringify({
        cliTools: {
          files: {
            name: "Files",
            description: "Files.",
            audit: { arguments: true, redact: ["card.number", "pin"] },
            actions: { list: action("ls") },
          },
        },
      }),
      ".units/suite.md": [
        "---",
        "name: Suite",
        "description: Two CLI suites.",
        "audit: { arguments: true }",
        "cliTools:",
        "  plain:",
        "    actions:",
        "      hello: { command: echo, args: [hello] }",
        "  own:",
        "    audit: { arguments: false }",
        "    actions:",
        "      purge: { command: 'true' }",
        "---",
        "",
      ].join("\n"),
    });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const auditOf = Object.fromEntries((manifest?.units ?? []).map((unit) => [unit.id, unit.audit]));
    expect(auditOf).toEqual({
      files: { arguments: true, redact: ["card.number", "pin"] },
      suite__plain: { arguments: true },
      suite__own: { arguments: false },
    });
    expect(validateManifest(manifest), JSON.stringify(validateManifest.errors)).toBe(true);
  });

  it("leaves audit out of the manifest where no unit sets it", async () => {
    const { manifest } = await compileFiles({
      ".units/config.json": JSON.stringify({
        cliTools: { files: { name: "Files", description: "Files.", actions: { list: action("ls") } } },
      }),
    });
    expect(manifest?.units[0]).not.toHaveProperty("audit");
  });

  it.each([
    ["an unknown key", '{ "arguments": true, "results": true }', "UNKNOWN_PROPERTY", 13],
    ["arguments that is not a boolean", '{ "arguments": "yes" }', "WRONG_TYPE", 13],
    ["redact that is not a list", '{ "arguments": true, "redact": "pin" }', "WRONG_TYPE", 13],
    ["an empty redact entry", '{ "arguments": true, "redact": [""] }', "TOO_SHORT", 13],
  ])("refuses %s at its line and column, with a stable code", async (_case, value, code, column: number) => {
    const { manifest, diagnostics } = await compileFiles({
      ".units/config.json": `{\n  "cliTools": {\n    "files": {\n      "name": "Files",\n      "description": "Files.",\n      "audit": ${value},\n      "actions": { "list": { "command": "ls" } }\n    }\n  }\n}\n`,
    });
    expect(manifest?.units ?? []).toEqual([]);
    const errors = diagnostics.filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.file).toMatch(/config\.json$/);
    expect(errors[0]?.line).toBe(6);
    expect(errors[0]?.column).toBeGreaterThanOrEqual(column);
    expect(errors[0]?.code).toBe(code);
    expect(errors.map((d) => `${d.message} ${d.hint ?? ""}`).join("\n")).toMatch(
      /audit|arguments|redact|results/,
    );
  });
});
