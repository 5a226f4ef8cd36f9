/**
 * `output.bundle: true` in the project config: every plain `compile`, `--check` and `doctor` keep
 * `bundle/` (the flag `--bundle` is a one-off); without the setting a plain compile leaves it out.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterEach(cleanupProjects);

const config = (output?: object) =>
  JSON.stringify({
    version: 1,
    ...(output ? { output } : {}),
    httpApis: {
      notes: {
        name: "Notes",
        description: "Notes service.",
        baseUrl: "http://127.0.0.1:9/api",
        auth: { type: "none" },
        actions: { listNotes: { method: "GET", path: "/notes", description: "List notes." } },
      },
    },
  });

const compile = (dir: string, ...more: string[]) =>
  runUnitc(["compile", "--project", dir, "--user-config", "none", ...more], dir);

describe("output.bundle in the project config", () => {
  it("makes every compile, --check and doctor keep bundle/", async () => {
    const dir = await writeProject({ ".units/config.json": config({ bundle: true }) });
    const first = await compile(dir);
    expect(first, first.stderr).toMatchObject({ code: 0 });
    expect(existsSync(join(dir, "generated/bundle/index.js"))).toBe(true);
    const again = await compile(dir);
    expect(again, again.stderr).toMatchObject({ code: 0 });
    expect(existsSync(join(dir, "generated/bundle/index.js"))).toBe(true);
    const checked = await compile(dir, "--check");
    expect(checked.stderr).toMatch(/is up to date/);
    expect(checked.code).toBe(0);
    const doctor = await runUnitc(["doctor", "--project", dir, "--user-config", "none", "--json"], dir);
    const checks = JSON.parse(doctor.stdout).checks as { check: string; ok: boolean; detail: string }[];
    expect(checks.find((c) => c.check === "bundle")).toMatchObject({
      ok: true,
      detail: "generated is up to date",
    });
  });

  it("is off by default: --bundle is a one-off that the next plain compile removes", async () => {
    const dir = await writeProject({ ".units/config.json": config() });
    expect((await compile(dir, "--bundle")).code).toBe(0);
    expect(existsSync(join(dir, "generated/bundle/index.js"))).toBe(true);
    expect((await compile(dir)).code).toBe(0);
    expect(existsSync(join(dir, "generated/bundle/index.js"))).toBe(false);
  });

  it("is read however the config spells it: a key written with an escape still bundles", async () => {
    const text = config({ bundle: true }).replace('"bundle"', '"bun\\u0064le"');
    expect(text).not.toContain("bundle");
    const dir = await writeProject({ ".units/config.json": text });
    expect((await compile(dir)).code).toBe(0);
    expect(existsSync(join(dir, "generated/bundle/index.js"))).toBe(true);
  });
});
