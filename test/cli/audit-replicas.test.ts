/**
 * The audit log of replicas sharing one store, as real processes: two `unitc serve --published
 * --stateless` replicas over embedded PostgreSQL, then over s3rver behind the precondition proxy
 * (object_store), behind a round-robin balancer; one stream of calls from one client lands on both,
 * and `unitc audit` counts each call exactly once.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditRecord } from "../../runtime/storage/index.js";
import { cleanupProjects } from "../support/project.js";
import { type RoundRobin, startRoundRobin } from "../support/round-robin.js";
import { connectWithToken, replica, replicaHome, stopReplicas, until } from "./replica-support.js";
import { providerSetup, type StorageServers, startStorageServers } from "./storage-support.js";

const BASIC = join(import.meta.dirname, "../../generated/basic");
const TOKEN = randomBytes(24).toString("base64url");
const CALLS = 12;
/** Bounds a hang only: replicas start slowly on a loaded machine. */
const WITHIN_MS = 60_000;

let servers: StorageServers;
const open: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  servers = await startStorageServers();
}, 120_000);
afterAll(async () => {
  await Promise.allSettled(open.map((item) => item.close()));
  stopReplicas();
  await servers?.stop();
  await cleanupProjects();
});

const connect = (url: string) => connectWithToken(url, TOKEN, open);

describe.each(["postgresql", "object_store"] as const)("two replicas over %s", (provider) => {
  it("record each call of one stream exactly once", async () => {
    const { dir, env, cli } = await replicaHome(await providerSetup(provider, servers), TOKEN);
    expect((await cli(["publish", "--out", BASIC])).code).toBe(0);
    const replicas = [await replica(dir, env), await replica(dir, env)];
    for (const served of replicas) {
      const direct = await connect(served.url);
      await until(
        async () => (await direct.listTools()).tools.some((t) => t.name === "code_mode"),
        WITHIN_MS,
      );
    }
    const balancer: RoundRobin = await startRoundRobin(replicas.map((r) => r.base));
    open.push(balancer);
    const client = await connect(`${balancer.url}/mcp`);
    const before = replicas.map((r) => balancer.sent(r.base));
    for (let i = 0; i < CALLS; i++) {
      const result =
        i % 2
          ? await client.callTool({ name: "search_tools", arguments: { query: "notes" } })
          : await client.callTool({ name: "code_mode", arguments: { code: `return ${i};` } });
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
    }
    // The stream went to both replicas.
    for (const [i, served] of replicas.entries())
      expect(balancer.sent(served.base)).toBeGreaterThan(before[i] as number);

    const listed = async () => {
      const run = await cli(["audit", "--json", "--principal", "admin"]);
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as AuditRecord[];
    };
    let records: AuditRecord[] = [];
    await until(async () => {
      records = await listed();
      return records.length >= CALLS;
    }, WITHIN_MS);
    expect(records).toHaveLength(CALLS);
    expect(records.filter((r) => r.kind === "code_mode")).toHaveLength(CALLS / 2);
    expect(records.filter((r) => r.kind === "search")).toHaveLength(CALLS / 2);
    expect(records.every((r) => r.outcome === "ok")).toBe(true);
  }, 240_000);
});
