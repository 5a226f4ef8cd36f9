/**
 * Files in the units folder that look meant as unit files but are not read (`<id>.yaml`, `<id>.MD`,
 * `<id>/unit.md`) get an IGNORED_UNIT_FILE warning at the file, naming the name unitc reads; run
 * through the built CLI.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../support/built-cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";

afterEach(cleanupProjects);

const UNIT = `---
name: Notes
description: Notes service.
httpApi:
  baseUrl: http://127.0.0.1:9/api
  auth: { type: none }
  actions:
    list: { method: GET, path: /notes, description: List notes. }
---
`;

interface Shown {
  code: string;
  severity: string;
  file: string;
  hint?: string;
}

describe("unit files unitc does not read", () => {
  it("are named in a warning at the file, with the name to give them", async () => {
    const dir = await writeProject({
      ".units/notes.md": UNIT,
      ".units/tools.yaml": "name: Tools\ncliTools:\n  actions: {}\n",
      ".units/extra.yml": "name: Extra\nhttpApi:\n  baseUrl: http://127.0.0.1:9\n",
      // A spec kept beside the units is no unit file: no warning.
      ".units/petstore.yaml": "openapi: 3.0.0\ninfo: { title: Pets, version: '1' }\npaths: {}\n",
      ".units/Shout.MD": UNIT,
      ".units/web/unit.md": UNIT,
      ".units/README.md": "# About these units\n",
    });
    const run = spawnSync(process.execPath, [BUILT_CLI, "validate", "--user-config", "none", "--json"], {
      cwd: dir,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: dir, ...suiteTrust() },
    });
    expect(run.status, run.stderr).toBe(0);
    const shown = (JSON.parse(run.stdout) as { diagnostics: Shown[] }).diagnostics.filter(
      (d) => d.code === "IGNORED_UNIT_FILE",
    );
    const at = (file: string) => shown.find((d) => d.file === file);
    expect(shown).toHaveLength(4);
    for (const d of shown) expect(d.severity).toBe("warning");
    expect(at(".units/tools.yaml")?.hint).toBe(
      "rename it to tools.md and put its YAML between --- lines at the top",
    );
    expect(at(".units/extra.yml")?.hint).toContain("rename it to extra.md");
    expect(at(".units/Shout.MD")?.hint).toBe("rename it to Shout.md");
    expect(at(join(".units", "web", "unit.md"))?.hint).toBe("rename it to UNIT.md");
  });
});
