/**
 * Scoped serve tokens and published bundles over the shared providers, as real processes: embedded
 * PostgreSQL, and s3rver behind the precondition proxy (object_store). Per provider: a bundle
 * published, a `serve --published --stateless` replica serving it, a token created by another
 * process scoping what a client sees, its revocation answered 401 within the poll interval, and a
 * second publish reaching the replica.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupProjects } from "../support/project.js";
import { raw } from "../support/raw-http.js";
import { connectWithToken, replica, replicaHome, stopReplicas, until } from "./replica-support.js";
import { providerSetup, type StorageServers, startStorageServers } from "./storage-support.js";

const REPO = join(import.meta.dirname, "../..");
const BASIC = join(REPO, "generated/basic");
const OPENAPI = join(REPO, "generated/openapi");
const POLL_MS = 500;
/** The poll interval, plus a margin for this shared 2-core machine. */
/** Bounds a replica that never catches up; how soon beside POLL_MS is bench/serve-scale.mjs's figure. */
const WITHIN_MS = 20_000;
const TOKEN = randomBytes(24).toString("base64url");
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

let servers: StorageServers;
const clients: Client[] = [];

beforeAll(async () => {
  servers = await startStorageServers();
}, 120_000);
afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  stopReplicas();
  await servers?.stop();
  await cleanupProjects();
});

const connect = (url: string, token: string) => connectWithToken(url, token, clients);

/** The search tool's description, which counts the units the caller sees. */
async function seen(client: Client): Promise<string> {
  const tools = (await client.listTools()).tools;
  return tools.find((tool) => tool.name === "search_tools")?.description ?? "";
}

describe.each(["postgresql", "object_store"] as const)("serve tokens and publish over %s", (provider) => {
  it("publishes, serves, scopes a token, revokes it and swaps to a new publish", async () => {
    const setup = await providerSetup(provider, servers);
    setup.storage = { ...setup.storage, pollIntervalMs: POLL_MS };
    const { dir, env, cli } = await replicaHome(setup, TOKEN);
    const published = await cli(["publish", "--out", BASIC]);
    expect(published.stderr).not.toMatch(/\n\s+at /);
    expect(published.code).toBe(0);
    const served = await replica(dir, env);
    const admin = await connect(served.url, TOKEN);
    expect(await seen(admin)).toContain("(4 units");

    // A token made by another process reaches the replica through the store's change feed.
    const created = await cli(["serve", "token", "create", "notes-only", "--units", "notes"]);
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    const init = () =>
      raw(served.url, {
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${token}`,
        },
        body: INITIALIZE,
      });
    await until(async () => (await init()).status === 200, WITHIN_MS);
    expect(await seen(await connect(served.url, token))).toContain("(1 units");

    const revoked = await cli(["serve", "token", "revoke", "notes-only"]);
    expect(revoked.code).toBe(0);
    await until(async () => (await init()).status === 401, WITHIN_MS);

    expect((await cli(["publish", "--out", OPENAPI])).code).toBe(0);
    await until(async () => (await seen(admin)).includes("(1 units"), WITHIN_MS);
    expect(served.stderr()).not.toMatch(/\n\s+at /);
  }, 180_000); // a bound on a hang only: replicas start slowly on a loaded machine
});
