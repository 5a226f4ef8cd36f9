/**
 * Replicas under load: three `unitc serve --published --stateless` processes on one PostgreSQL
 * store behind a round-robin balancer, 50 MCP clients of both SDK generations (each with its own
 * scoped serve token) calling a loopback API through them for a fixed window, while a second bundle
 * is published, one client's token is revoked, and one replica is SIGKILLed and started again.
 * Every call must be answered correctly or refused for the right reason. The window is
 * UNITC_LOAD_WINDOW_MS (default 20 s, which keeps the whole test near a minute on 2 cores).
 */
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanupProjects } from "../support/project.js";
import { type RoundRobin, startRoundRobin } from "../support/round-robin.js";
import {
  closeServeClients,
  connectServeClient,
  resultText,
  type ServeClient,
} from "../support/serve-clients.js";
import {
  compileEchoBundle,
  makeTokens,
  type Replica,
  type SharedStore,
  servedDigest,
  sharedStore,
  startEchoApi,
  startReplica,
  statusFor,
  unitcOn,
  until,
} from "./replicas-support.js";

const POLL_MS = 500;
/**
 * How long a replica may take to catch up before the test calls it stuck: generous, because a loaded
 * machine stretches reading and loading. How soon beside the poll interval is bench/serve-scale.mjs's
 * figure (swapMs and revokeMs are printed here too).
 */
const SETTLE_MS = 20_000;
const CLIENTS = 50;
const WINDOW_MS = Number(process.env.UNITC_LOAD_WINDOW_MS ?? 20_000);

const children: ChildProcess[] = [];
let shared: SharedStore;
let api: Awaited<ReturnType<typeof startEchoApi>>;
let proxy: RoundRobin;

beforeAll(async () => {
  [shared, api] = await Promise.all([sharedStore(POLL_MS), startEchoApi()]);
}, 60_000);

afterAll(async () => {
  await closeServeClients();
  for (const child of children) child.kill("SIGKILL");
  await proxy?.close();
  await api?.close();
  await shared?.postgres.stop();
  await cleanupProjects();
});

/** One call as a client saw it. */
interface Call {
  client: number;
  at: number;
  end: number;
  outcome: "ok" | "wrong" | "401" | "502" | "other";
  detail?: string;
}

function outcomeOf(error: unknown): Call["outcome"] {
  const text = `${(error as { code?: unknown }).code ?? ""} ${(error as Error).message ?? error}`;
  if (/\b401\b|Unauthorized/i.test(text)) return "401";
  if (/\b502\b|Bad Gateway/i.test(text)) return "502";
  return "other";
}

/** Calls the echo tool as fast as answered until `stopAt`, recording each call. */
/** One call by client `index`, recorded with its outcome. */
async function callOnce(client: ServeClient, index: number, tool: string, word: string, calls: Call[]) {
  const at = Date.now();
  try {
    const result = await client.callTool(tool, { word });
    const text = resultText(result);
    const right = !result.isError && new RegExp(`"echo":\\s*"${word}"`).test(text);
    const outcome = right ? "ok" : "wrong";
    calls.push({ client: index, at, end: Date.now(), outcome, detail: right ? undefined : text });
    return outcome;
  } catch (error) {
    const outcome = outcomeOf(error);
    calls.push({ client: index, at, end: Date.now(), outcome, detail: String(error) });
    return outcome;
  }
}

async function drive(client: ServeClient, index: number, tool: string, stopAt: number, calls: Call[]) {
  for (let n = 0; Date.now() < stopAt; n++) {
    const outcome = await callOnce(client, index, tool, `c${index}-${n}`, calls);
    // A refused client backs off a little rather than spinning on 401s.
    if (outcome === "401") await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

it(
  "50 clients through three replicas: publish, revoke and SIGKILL under load lose no call",
  async () => {
    const [first, second] = await Promise.all([compileEchoBundle(api.url, 1), compileEchoBundle(api.url, 2)]);
    const firstDigest = (await unitcOn(shared, ["publish", "--out", first])).trim();
    const tokens = await makeTokens(shared, CLIENTS);
    const replicas: Replica[] = [];
    for (let i = 0; i < 3; i++) replicas.push(await startReplica(shared, children));
    await until(
      async () =>
        (await Promise.all(replicas.map((r) => servedDigest(r.origin)))).every((d) => d === firstDigest),
      SETTLE_MS,
    );
    proxy = await startRoundRobin(replicas.map((r) => r.origin));

    const clients = await Promise.all(
      tokens.map((token, i) =>
        connectServeClient(i % 2 ? "sdk1" : "sdk2", { transport: "http", url: `${proxy.url}/mcp`, token }),
      ),
    );
    const tool = (await clients[0]?.listTools())?.find((t) => t.name.includes("echo"))?.name as string;
    expect(tool, JSON.stringify((await clients[0]?.listTools())?.map((t) => t.name))).toBeTruthy();

    const start = Date.now();
    const stopAt = start + WINDOW_MS;
    const calls: Call[] = [];
    const load = Promise.all(clients.map((client, i) => drive(client, i, tool, stopAt, calls)));

    // (1) A second bundle published: every replica serves it.
    await pause(start + WINDOW_MS * 0.2 - Date.now());
    const secondDigest = (await unitcOn(shared, ["publish", "--out", second])).trim();
    const swapMs = await until(
      async () =>
        (await Promise.all(replicas.map((r) => servedDigest(r.origin)))).every((d) => d === secondDigest),
      SETTLE_MS,
    );

    // (2) Client 0's token revoked: every replica answers it 401.
    await pause(start + WINDOW_MS * 0.4 - Date.now());
    expect(await Promise.all(replicas.map((r) => statusFor(r.origin, tokens[0] as string)))).toEqual([
      200, 200, 200,
    ]);
    const revoking = Date.now();
    await unitcOn(shared, ["serve", "token", "revoke", "client-0"]);
    const revokedAt = Date.now();
    const revokeMs = await until(
      async () =>
        (await Promise.all(replicas.map((r) => statusFor(r.origin, tokens[0] as string)))).every(
          (s) => s === 401,
        ),
      SETTLE_MS,
    );
    // Calls the revoked client makes once every replica knows, whatever is left of the load window
    // on a busy machine.
    for (let n = 0; n < 3; n++) await callOnce(clients[0] as ServeClient, 0, tool, `late-${n}`, calls);

    // (3) One replica SIGKILLed with calls in flight, then started again (on a new port).
    await pause(start + WINDOW_MS * 0.6 - Date.now());
    const killed = replicas[1] as Replica;
    const inFlightAtKill = proxy.inFlight(killed.origin);
    const sentAtKill = proxy.sent(killed.origin);
    const exited = new Promise((resolve) => killed.child.once("exit", resolve));
    killed.child.kill("SIGKILL");
    await exited;
    // In flight when it died: those it had at the signal, and any sent before the process was gone.
    const inFlight = inFlightAtKill + proxy.sent(killed.origin) - sentAtKill;
    const restarted = await startReplica(shared, children);
    expect(await servedDigest(restarted.origin)).toBe(secondDigest);
    expect(await statusFor(restarted.origin, tokens[0] as string)).toBe(401);
    proxy.backends[1] = restarted.origin;
    replicas[1] = restarted;

    await load;
    const count = (outcome: Call["outcome"]) => calls.filter((c) => c.outcome === outcome).length;
    const report = {
      calls: calls.length,
      perSecond: Math.round(calls.length / (WINDOW_MS / 1000)),
      swapMs,
      revokeMs,
      inFlightAtKill: inFlight,
      lost: proxy.failed,
      apiCalls: api.calls(),
    };
    console.log(`replicas under load: ${JSON.stringify(report)}`);

    expect(calls.filter((c) => c.outcome === "other" || c.outcome === "wrong").slice(0, 3)).toEqual([]);
    // Only the revoked client is refused, never before its revocation, always once every replica knew.
    for (const call of calls.filter((c) => c.outcome === "401")) {
      expect(call.client).toBe(0);
      expect(call.end).toBeGreaterThan(revoking);
    }
    const lateCalls = calls.filter((c) => c.client === 0 && c.at > revokedAt + revokeMs);
    expect(lateCalls.length).toBeGreaterThan(0);
    // (A 502 is its own case: a call in flight on the killed replica, counted below.)
    expect(lateCalls.filter((c) => c.outcome !== "401" && c.outcome !== "502")).toEqual([]);
    expect(calls.some((c) => c.client === 0 && c.at < revokedAt && c.outcome === "ok")).toBe(true);
    // A 502 only for a call the killed replica had when it died.
    expect(count("502")).toBe(proxy.failed);
    expect(proxy.failed).toBe(proxy.lost(killed.origin));
    expect(proxy.failed).toBeLessThanOrEqual(inFlight);
    // Every client kept being answered, and the load was real.
    for (let i = 1; i < CLIENTS; i++)
      expect(calls.some((c) => c.client === i && c.outcome === "ok")).toBe(true);
    expect(count("ok")).toBeGreaterThan(CLIENTS * 5);
    expect(await Promise.all(replicas.map((r) => servedDigest(r.origin)))).toEqual([
      secondDigest,
      secondDigest,
      secondDigest,
    ]);
  },
  WINDOW_MS + 3 * SETTLE_MS + 70_000,
);
