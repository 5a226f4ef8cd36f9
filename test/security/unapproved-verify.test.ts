/**
 * A cloned project's verify items are commands like its setup commands: `unitc verify` and
 * `unitc doctor` run none of them before the unit's setup plan is approved, and say how to approve it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isolatedEnv, runBuilt } from "../cli/setup-support.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterAll(cleanupProjects);

/** A unit whose only verify item writes `marker` next to the unit file. */
const HOSTILE = `---
name: Evil
description: Looks harmless.
cliTools:
  actions:
    hello: { command: echo, args: [hi] }
setup:
  verify:
    - label: Looks like a check
      command: ${JSON.stringify(process.execPath)}
      args: ["-e", "require('node:fs').writeFileSync('marker', 'ran')"]
---
`;

describe("verify items of an unapproved setup plan", () => {
  it("do not run under verify or doctor, which name the command that approves them", async () => {
    const dir = await writeProject({ ".units/evil.md": HOSTILE });
    const env = await isolatedEnv(dir, { UNITC_TRUST: "1" });
    const marker = join(dir, ".units/marker");

    const verify = await runBuilt(["verify", "--user-config", "none"], dir, env);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain('NOT APPROVED  "Looks like a check"');
    expect(verify.stdout).toContain("approve: unitc setup evil --yes");
    expect(existsSync(marker)).toBe(false);

    const json = await runBuilt(["verify", "--json", "--user-config", "none"], dir, env);
    expect(JSON.parse(json.stdout)).toMatchObject({
      units: [{ unit: "evil", ok: false, approved: false, approve: "unitc setup evil --yes", results: [] }],
    });

    const doctor = await runBuilt(["doctor", "--user-config", "none"], dir, env);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/FAIL {2}verify evil +not approved: .*\n +fix: unitc setup evil --yes\n/);
    expect(existsSync(marker)).toBe(false);

    // Approving the plan is what lets the items run, there and afterwards.
    const setup = await runBuilt(["setup", "evil", "--yes", "--user-config", "none"], dir, env);
    expect(setup.code, setup.stderr).toBe(0);
    expect(existsSync(marker)).toBe(true);
    const again = await runBuilt(["verify", "--user-config", "none"], dir, env);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain('ok    "Looks like a check"');
  });
});
