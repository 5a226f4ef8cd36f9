/**
 * `unitc audit` over the user config's store (SQLite): lists and filters the calls `serve` recorded
 * (`--since`, `--principal`, `--unit`, `--outcome`), prints them as a table, `--json` or `--jsonl`,
 * exports JSON Lines, prunes past the retention, and refuses a bad option with a code and a hint.
 * Then a real `unitc serve` over stdio records its client's calls as `local`.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendBatch } from "../../runtime/storage/audit/log.js";
import {
  AUDIT_NAMESPACE,
  type AuditRecord,
  batchName,
  encodeBatch,
} from "../../runtime/storage/audit/records.js";
import { openStore } from "../../runtime/storage/open.js";
import { runUnitc } from "../support/cli.js";
import { writeProject } from "../support/project.js";
import { stdioChildren } from "../support/user-units.js";

const REPO = join(import.meta.dirname, "../..");
const startChild = stdioChildren();

const HOUR = 3_600_000;

function call(ago: number, more: Partial<AuditRecord>): AuditRecord {
  return {
    at: new Date(Date.now() - ago).toISOString(),
    principal: "admin",
    kind: "direct",
    tool: "notes__getNote",
    unit: "notes",
    operation: "getNote",
    outcome: "ok",
    durationMs: 12,
    ...more,
  };
}

/** A folder whose user config names a SQLite store, and the env that keeps unitc inside it. */
async function home() {
  const dir = await writeProject({});
  const config = join(dir, "user.json");
  await writeFile(config, JSON.stringify({ storage: { provider: "sqlite", path: "store.db" } }));
  const env = { XDG_DATA_HOME: join(dir, "data"), XDG_CONFIG_HOME: join(dir, "config"), HOME: dir };
  const cli = (...args: string[]) => runUnitc(["audit", ...args, "--user-config", config], dir, env);
  return { dir, config, env, cli };
}

describe("unitc audit", () => {
  it("lists, filters and exports the recorded calls, and prunes past the retention", async () => {
    const { dir, cli } = await home();
    const store = await openStore({ provider: "sqlite", path: join(dir, "store.db") }, {});
    try {
      await appendBatch(store, [
        call(3 * HOUR, { principal: "serve-token:ci", arguments: { id: "n1", apiKey: "[redacted]" } }),
        call(2 * HOUR, { outcome: "HTTP_STATUS" }),
        call(HOUR / 2, {
          kind: "code_mode",
          tool: "code_mode",
          unit: undefined,
          operation: undefined,
          calls: [{ unit: "mail", operation: "send", arguments: { to: "ada@example.com" }, outcome: "ok" }],
        }),
      ]);
      // A batch written 40 days ago, past a 30-day retention.
      const old = batchName(Date.now() - 40 * 24 * HOUR, "old");
      const oldCall = call(40 * 24 * HOUR, { principal: "serve-token:gone" });
      await store.put({ namespace: AUDIT_NAMESPACE, name: old }, encodeBatch([oldCall]), { absent: true });
    } finally {
      await store.close();
    }

    const table = await cli();
    expect(table.code).toBe(0);
    expect(table.stdout.trim().split("\n")).toHaveLength(4);
    expect(table.stdout).toMatch(/\tadmin\tnotes\.getNote\tHTTP_STATUS\t12ms\n/);
    expect(table.stdout).toContain("code_mode [mail.send:ok]");

    const json = async (...args: string[]) => {
      const run = await cli(...args, "--json");
      expect(run.code).toBe(0);
      return JSON.parse(run.stdout) as AuditRecord[];
    };
    expect((await json("--principal", "serve-token:ci")).map((r) => [r.principal, r.arguments])).toEqual([
      ["serve-token:ci", { id: "n1", apiKey: "[redacted]" }],
    ]);
    expect((await json("--unit", "mail")).map((r) => [r.kind, r.calls?.[0]?.arguments])).toEqual([
      ["code_mode", { to: "ada@example.com" }],
    ]);
    expect((await json("--outcome", "error")).map((r) => r.outcome)).toEqual(["HTTP_STATUS"]);
    expect(await json("--since", "1h")).toHaveLength(1);
    expect(await json("--since", new Date(Date.now() - 150 * 60_000).toISOString())).toHaveLength(2);

    const lines = await cli("--jsonl", "--since", "1d");
    const exported = await cli("export", "--since", "1d");
    expect(exported.stdout).toBe(lines.stdout);
    expect(
      exported.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).outcome),
    ).toEqual(["ok", "HTTP_STATUS", "ok"]);
    // Arguments a unit keeps are shown as stored, in JSON Lines too (never in the table).
    expect(JSON.parse(lines.stdout.split("\n")[0] as string).arguments).toEqual({
      id: "n1",
      apiKey: "[redacted]",
    });
    expect(table.stdout).not.toContain("[redacted]");

    const pruned = await cli("prune", "--retention-days", "30");
    expect(pruned.code).toBe(0);
    expect(pruned.stderr).toContain("pruned 1 call record(s) older than 30 days");
    expect(await json()).toHaveLength(3);
  });

  it("refuses a bad --since or action with a code and a hint, never a stack trace", async () => {
    const { cli } = await home();
    const since = await cli("--since", "yesterday");
    expect(since.code).toBe(1);
    expect(since.stderr).toContain(
      'unitc audit: AUDIT_BAD_FILTER --since "yesterday" is not a duration or a date',
    );
    expect(since.stderr).toContain("hint: use a duration back from now");
    const action = await cli("show");
    expect(action.code).toBe(1);
    expect(action.stderr).toContain("AUDIT_BAD_ACTION");
    const days = await cli("prune", "--retention-days", "0");
    expect(days.stderr).toContain("AUDIT_BAD_FILTER");
    for (const run of [since, action, days]) expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("records the calls of a stdio client as the principal local", async () => {
    const { dir, config, env, cli } = await home();
    const manifest = join(REPO, "generated/basic/manifest.json");
    const served = await startChild(dir, env, [
      "serve",
      "--manifest",
      manifest,
      "--user-config",
      config,
      "--no-user-units",
    ]);
    const result = await served.client.callTool({ name: "search_tools", arguments: { query: "notes" } });
    expect(result.isError).toBeFalsy();
    await served.client.close();
    // The record is written when the call ends; the serve writes what is queued as it closes.
    let records: AuditRecord[] = [];
    for (let tries = 0; tries < 200 && records.length === 0; tries++) {
      records = JSON.parse((await cli("--json")).stdout) as AuditRecord[];
      if (records.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(records).toEqual([
      expect.objectContaining({ principal: "local", kind: "search", tool: "search_tools", outcome: "ok" }),
    ]);
  });
});
