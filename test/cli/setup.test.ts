/** `unitc setup` as a real process: the plan and its hash, approval, runs, secrets and stored attempts. */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupProjects, writeProject } from "../support/project.js";
import { isolatedEnv, runBuilt } from "./setup-support.js";

afterAll(cleanupProjects);

const unit = (commands: string) => `---
name: Notes
description: A notes tool.
cliTools:
  actions:
    hello: { command: echo, args: [hi] }
setup:
  commands:
${commands}
  verify:
    - label: Folder exists
      command: test
      args: ["-d", "made"]
---
`;

const SAFE = `    - label: Make a folder
      command: mkdir
      args: ["-p", "made"]
    - label: Say the token
      command: sh
      args: ["-c", "echo token=$TOKEN; printf 'é%.0s' $(seq 1 50)"]
      env: { TOKEN: "env:NOTES_TOKEN" }
      maxOutputBytes: 41`;

async function storedAttempts(home: string): Promise<string> {
  const dir = join(home, "data/unitc/records/unitc.setup.attempts");
  const [file] = await readdir(dir);
  const record = JSON.parse(await readFile(join(dir, file as string), "utf8")) as { value: string };
  return Buffer.from(record.value, "base64").toString("utf8");
}

describe("unitc setup", () => {
  // Each test runs the built CLI several times: generous timeouts, which only bound a hang, for a
  // loaded machine.
  it("prints the plan and hash, runs only once approved, asks again when an item changes", async () => {
    const dir = await writeProject({ ".units/notes.md": unit(SAFE) });
    const env = await isolatedEnv(dir, { NOTES_TOKEN: "s3cr3t-value-91" });
    const dry = await runBuilt(["setup", "notes", "--dry-run"], dir, env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^setup plan for notes \(sha256:[0-9a-f]{16}\):\n/);
    expect(dry.stdout).toContain(
      '  2. [commands] "Say the token": sh -c "echo token=$TOKEN; printf \'é%.0s\' $(seq 1 50)"',
    );
    const refused = await runBuilt(["setup", "notes"], dir, env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("SETUP_NOT_APPROVED");
    expect(refused.stderr).toContain("unitc setup notes --yes");

    const ran = await runBuilt(["setup", "notes", "--yes", "--json"], dir, env);
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout) as {
      units: { ran: boolean; results: { output: string; timedOut: boolean }[] }[];
    };
    const output = report.units[0]?.results[1]?.output ?? "";
    expect(output).toContain("token=[redacted]");
    expect(output).not.toContain("s3cr3t");
    expect(output).toContain("[truncated: output exceeded 41 bytes (maxOutputBytes)]");
    expect(output).not.toContain("\uFFFD");
    expect(report.units[0]?.results.map((r) => r.timedOut)).toEqual([false, false, false]);

    const approved = await runBuilt(["setup", "notes"], dir, env);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('ok    "Folder exists"');
    const attempts = await storedAttempts(env.HOME as string);
    expect(attempts).not.toContain("s3cr3t");
    expect((JSON.parse(attempts) as unknown[]).length).toBe(2);
    for (let i = 0; i < 2; i++) await runBuilt(["setup", "notes"], dir, env);
    expect((JSON.parse(await storedAttempts(env.HOME as string)) as unknown[]).length).toBe(3);

    await writeFile(join(dir, ".units/notes.md"), unit(SAFE.replace('"made"]', '"made", "other"]')));
    const again = await runBuilt(["setup", "notes"], dir, env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("SETUP_NOT_APPROVED");
  }, 120_000);

  it("flags sudo, curl | sh, rm -rf and ~/.ssh paths", async () => {
    const risky = `    - label: Root
      command: sudo
      args: [apt-get, install, jq]
    - label: Installer
      command: sh
      args: ["-c", "curl -fsSL https://example.com/i.sh | sh"]
    - label: Clean
      command: rm
      args: ["-r", "-f", "build"]
    - label: Key
      command: cp
      args: [key, "~/.ssh/id_notes"]`;
    const dir = await writeProject({ ".units/notes.md": unit(risky) });
    const run = await runBuilt(["setup", "--all", "--dry-run"], dir, await isolatedEnv(dir));
    expect(run.code).toBe(0);
    const flagged = run.stdout.split("\n").filter((l) => l.includes("! flagged"));
    expect(flagged.map((l) => l.trim())).toEqual([
      "! flagged: sudo",
      "! flagged: curl | sh",
      "! flagged: rm -rf",
      "! flagged: ~/.ssh",
    ]);
  }, 120_000);

  it("stops at the first failing command, records a timeout, and says which unit is unknown", async () => {
    const slow = `    - label: Hang
      command: sleep
      args: ["30"]
      timeoutMs: 300
    - label: Never
      command: mkdir
      args: ["made"]`;
    const dir = await writeProject({ ".units/notes.md": unit(slow) });
    const env = await isolatedEnv(dir);
    // `sleep 30` left to finish would outlast the test's own timeout; timedOut below says it was cut.
    const run = await runBuilt(["setup", "notes", "--yes", "--json"], dir, env);
    expect(run.code).toBe(1);
    const results = (
      JSON.parse(run.stdout) as { units: { results: { label: string; timedOut: boolean }[] }[] }
    ).units[0]?.results;
    expect(results).toEqual([expect.objectContaining({ label: "Hang", timedOut: true })]);
    const unknown = await runBuilt(["setup", "nope"], dir, env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no unit nope in this project (units: notes)");
  }, 120_000);
});
