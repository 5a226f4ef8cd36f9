/**
 * The pieces of the replicas load test: a loopback API the units call, two bundles for it, a
 * PostgreSQL store shared by `unitc publish`, `unitc serve token` and three `unitc serve --published
 * --stateless` replicas (real child processes), and scoped serve tokens made for the clients.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { createServeToken } from "../../runtime/serve/auth/serve-token-admin.js";
import { openStore } from "../../runtime/storage/open.js";
import { decodeVaultKey } from "../../runtime/storage/vault-key.js";
import { unitc } from "../cli/storage-support.js";
import { compileProject } from "../runtime/serve/support.js";
import { type PostgresServer, startPostgres } from "../runtime/storage/postgres-server.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { listening } from "../support/listening.js";
import { writeProject } from "../support/project.js";

/** A loopback API answering `GET /echo/WORD` with `{ "echo": "WORD" }`. */
export async function startEchoApi(): Promise<{
  url: string;
  calls: () => number;
  close: () => Promise<void>;
}> {
  let calls = 0;
  const server = createServer((request, response) => {
    calls++;
    const word = decodeURIComponent(request.url?.split("/")[2] ?? "");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ echo: word }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Compiles a bundle of one HTTP unit over `apiUrl`; the second version has one more action. */
export async function compileEchoBundle(apiUrl: string, version: 1 | 2): Promise<string> {
  const action = (path: string, description: string) => ({ method: "GET", path, description });
  const actions: Record<string, unknown> = { echo: action("/echo/{word}", "Echo a word back.") };
  if (version === 2) actions.shout = action("/echo/{word}", "Echo a word back, loudly.");
  const manifest = await compileProject({
    ".units/config.json": JSON.stringify({
      options: { exposure: "direct" },
      httpApis: {
        api: {
          name: "Echo API",
          description: "A loopback API.",
          baseUrl: apiUrl,
          auth: { type: "none" },
          actions,
        },
      },
    }),
  });
  return join(manifest, "..");
}

/** The shared store: a PostgreSQL database, a user config naming it, and the environment it needs. */
export interface SharedStore {
  dir: string;
  config: string;
  env: Record<string, string>;
  postgres: PostgresServer;
}

/** Starts PostgreSQL with a migrated database and a user config (`pollMs`) in a fresh folder. */
export async function sharedStore(pollMs: number): Promise<SharedStore> {
  const postgres = await startPostgres();
  await postgres.createDatabase("unitc_replicas");
  const dir = await writeProject({});
  const config = join(dir, "user.json");
  const storage = {
    provider: "postgresql",
    connection: "env:UNITC_TEST_PG",
    vaultKey: "env:UNITC_TEST_VAULT_KEY",
    pollIntervalMs: pollMs,
  };
  await writeFile(config, JSON.stringify({ storage }));
  const env = {
    UNITC_TEST_PG: postgres.dsn("unitc_replicas"),
    UNITC_TEST_VAULT_KEY: randomBytes(32).toString("base64url"),
    XDG_DATA_HOME: join(dir, "data"),
    XDG_CACHE_HOME: join(dir, "cache"),
    XDG_STATE_HOME: join(dir, "state"),
    XDG_CONFIG_HOME: join(dir, "config"),
  };
  const migrated = await unitc(["storage", "migrate", "--user-config", config], dir, env);
  if (migrated.code !== 0) throw new Error(`storage migrate failed: ${migrated.stderr}`);
  return { dir, config, env, postgres };
}

/** Runs the built `unitc …args` against the shared store; throws with its stderr when it fails. */
export async function unitcOn(shared: SharedStore, args: string[]): Promise<string> {
  const run = await unitc([...args, "--user-config", shared.config], shared.dir, shared.env);
  if (run.code !== 0) throw new Error(`unitc ${args.join(" ")} failed (${run.code}): ${run.stderr}`);
  return run.stdout;
}

/** Makes `count` scoped serve tokens `client-N` in the shared store (in one process: it is setup). */
export async function makeTokens(shared: SharedStore, count: number): Promise<string[]> {
  const store = await openStore(
    { provider: "postgresql", connection: "env:UNITC_TEST_PG", vaultKey: "env:UNITC_TEST_VAULT_KEY" },
    shared.env,
  );
  const key = decodeVaultKey(shared.env.UNITC_TEST_VAULT_KEY as string);
  try {
    const tokens: string[] = [];
    for (let i = 0; i < count; i++)
      tokens.push((await createServeToken(store, key, { name: `client-${i}` })).token);
    return tokens;
  } finally {
    await store.close();
  }
}

/** One `unitc serve --published --stateless` child process. */
export interface Replica {
  /** Its origin, `http://127.0.0.1:PORT`. */
  origin: string;
  child: ChildProcess;
  stderr: () => string;
}

/** The operators' token every replica also accepts (the probes use it for nothing but readiness). */
export const OPERATOR_TOKEN = randomBytes(24).toString("base64url");

/**
 * Starts a replica on a free port. The per-principal limits are raised well above what the load
 * drives (each client sends as fast as it is answered), so that a 429 is never a right answer here.
 */
export async function startReplica(shared: SharedStore, children: ChildProcess[]): Promise<Replica> {
  const args = [BUILT_CLI, "serve", "--published", "--stateless", "--transport", "http", "--port", "0"];
  args.push("--token", "env:SERVE_TOKEN", "--user-config", shared.config, "--no-user-units");
  args.push("--rate-limit", "100000/min", "--max-concurrent", "200");
  const env = { PATH: process.env.PATH ?? "", ...shared.env, SERVE_TOKEN: OPERATOR_TOKEN };
  const child = spawn(process.execPath, args, { cwd: shared.dir, env, stdio: ["ignore", "ignore", "pipe"] });
  children.push(child);
  const { url, stderr } = await listening(child);
  return { origin: new URL(url).origin, child, stderr };
}

/** The digest `/readyz` reports for the bundle a replica serves ("" when not ready). */
export async function servedDigest(origin: string): Promise<string> {
  try {
    const answer = await fetch(`${origin}/readyz?json`);
    const body = (await answer.json()) as { checks?: { bundle?: { ok: boolean; detail?: string } } };
    return body.checks?.bundle?.ok ? (body.checks.bundle.detail ?? "") : "";
  } catch {
    return "";
  }
}

/** The HTTP status a replica answers an MCP initialize sent with `token`. */
export async function statusFor(origin: string, token: string): Promise<number> {
  const body = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "1" } },
  };
  const answer = await fetch(`${origin}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify(body),
  });
  await answer.arrayBuffer();
  return answer.status;
}

/** Resolves with the ms until `check` holds, polling every 25 ms; rejects past `ms`. */
export async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - start;
}
