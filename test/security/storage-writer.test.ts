/**
 * A storage writer is not a publisher: with the PostgreSQL DSN alone (no vault key, no publisher
 * key) it writes a bundle of its own making (chunks, index, head) holding a CLI action that would
 * create a marker file, and serve-token rows of its own. A `unitc serve --published` replica (a real
 * child process of the built CLI) refuses the head, keeps serving what it had, logs the refusal and
 * names it in `/readyz`; the marker is never created; the forged token and a token whose scope was
 * widened in storage are refused (401) while one `unitc serve token create` made still works.
 */
import type { ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { canonicalJson } from "../../runtime/shared/canonical.js";
import { openPostgresStore } from "../../runtime/storage/postgresql/store.js";
import type { Store } from "../../runtime/storage/shared/types.js";
import {
  compileEchoBundle,
  type SharedStore,
  servedDigest,
  sharedStore,
  startEchoApi,
  startReplica,
  statusFor,
  unitcOn,
  until,
} from "../e2e/replicas-support.js";
import { compileProject } from "../runtime/serve/support.js";
import { cleanupProjects } from "../support/project.js";

const POLL_MS = 300;
/** Generous: a replica on a loaded 2-core machine reads, fetches and loads within this. */
const WITHIN_MS = 30_000;

const children: ChildProcess[] = [];
let shared: SharedStore;
let api: Awaited<ReturnType<typeof startEchoApi>>;
let writer: Store;

beforeAll(async () => {
  [shared, api] = await Promise.all([sharedStore(POLL_MS), startEchoApi()]);
  // The attacker's handle: the DSN and nothing else.
  writer = await openPostgresStore(shared.env.UNITC_TEST_PG as string, POLL_MS);
}, 90_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await writer?.close();
  await api?.close();
  await shared?.postgres.stop();
  await cleanupProjects();
});

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const json = (value: unknown) => new TextEncoder().encode(canonicalJson(value));

/** A compiled bundle whose one CLI action writes `marker`. */
async function hostileBundle(marker: string): Promise<Map<string, Uint8Array>> {
  const manifest = await compileProject({
    ".units/config.json": JSON.stringify({
      version: 1,
      cliTools: {
        pwn: {
          name: "Pwn",
          description: "Writes a marker file.",
          actions: {
            run: {
              description: "Write the marker.",
              command: process.execPath,
              args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "owned")`],
              inputSchema: { type: "object", properties: {} },
            },
          },
        },
      },
    }),
  });
  const dir = join(manifest, "..");
  const files = new Map<string, Uint8Array>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path).split(sep).join("/"), await readFile(path));
  }
  return files;
}

/** Writes `files` as a bundle and moves the head to it, as a writer without any key can. */
async function forgeHead(files: Map<string, Uint8Array>): Promise<string> {
  const entries = [...files.keys()].sort().map((path) => {
    const bytes = files.get(path) as Uint8Array;
    const chunk = sha256(bytes);
    return { path, size: bytes.length, sha256: chunk, chunks: [chunk], bytes };
  });
  for (const { chunks, bytes } of entries)
    await writer.put({ namespace: "unitc.bundles", name: `chunk/${chunks[0]}` }, bytes, { absent: true });
  const index = { format: 1, files: entries.map(({ bytes: _bytes, ...file }) => file) };
  const digest = sha256(json(index));
  await writer.put({ namespace: "unitc.bundles", name: `bundle/${digest}` }, json(index), { absent: true });
  const head = { namespace: "unitc.bundles", name: "head" };
  const current = await writer.get(head);
  const previous = current
    ? (JSON.parse(new TextDecoder().decode(current.value)) as { history: string[] })
    : undefined;
  const forged = {
    digest,
    publishedAt: new Date().toISOString(),
    fileCount: entries.length,
    history: [digest, ...(previous?.history ?? [])],
    // A signature field the writer made up: it is no key's signature.
    signature: { alg: "ed25519", keyId: "0000000000000000", value: randomBytes(64).toString("base64url") },
  };
  expect(
    (await writer.put(head, json(forged), current ? { version: current.version } : { absent: true })).ok,
  ).toBe(true);
  return digest;
}

/** `/readyz?json`'s bundle check. */
async function bundleCheck(origin: string) {
  const body = (await (await fetch(`${origin}/readyz?json`)).json()) as {
    checks: { bundle: { ok: boolean; detail?: string; warning?: string } };
  };
  return body.checks.bundle;
}

it("a serve-token row the writer made, or one whose scope it widened, is refused; one unitc made works", async () => {
  const good = (await unitcOn(shared, ["serve", "token", "create", "good"])).trim();
  const scoped = (await unitcOn(shared, ["serve", "token", "create", "scoped", "--units", "nothing"])).trim();
  const scopedKey = { namespace: "serve-tokens", name: "scoped" };
  const stored = await writer.get(scopedKey);
  const widened = JSON.parse(new TextDecoder().decode(stored?.value)) as Record<string, unknown>;
  expect(widened.units).toEqual(["nothing"]);
  delete widened.units;
  await writer.put(scopedKey, json(widened), { version: stored?.version as string });
  const forgedToken = `unitc_st_${randomBytes(32).toString("base64url")}`;
  const forgedRecord = { name: "forged", hash: sha256(forgedToken), createdAt: Date.now() };
  await writer.put({ namespace: "serve-tokens", name: "forged" }, json(forgedRecord), { absent: true });

  const replica = await startReplica(shared, children);
  expect(await statusFor(replica.origin, good)).toBe(200);
  expect(await statusFor(replica.origin, forgedToken)).toBe(401);
  expect(await statusFor(replica.origin, scoped)).toBe(401);
  expect(replica.stderr()).toMatch(/SERVE_TOKEN_UNVERIFIED serve token record "forged" is ignored/);
  expect(replica.stderr()).toMatch(/SERVE_TOKEN_UNVERIFIED serve token record "scoped" is ignored/);
}, 120_000);

it("a head the writer moved to its own bundle is refused: logged, named in /readyz, the marker never made", async () => {
  const marker = join(shared.dir, "owned-marker");
  const [first, second, hostile] = await Promise.all([
    compileEchoBundle(api.url, 1),
    compileEchoBundle(api.url, 2),
    hostileBundle(marker),
  ]);
  const firstDigest = (await unitcOn(shared, ["publish", "--out", first])).trim();
  const caller = (await unitcOn(shared, ["serve", "token", "create", "caller"])).trim();
  const replica = await startReplica(shared, children);
  await until(async () => (await servedDigest(replica.origin)) === firstDigest, WITHIN_MS);

  const hostileDigest = await forgeHead(hostile);
  await until(async () => replica.stderr().includes("PUBLISHED_HEAD_UNVERIFIED"), WITHIN_MS);
  const refusal = replica
    .stderr()
    .split("\n")
    .find((line) => line.includes("PUBLISHED_HEAD_UNVERIFIED"));
  expect(refusal).toContain(`bundle ${hostileDigest}`);
  expect(refusal).toContain(`still serving ${firstDigest}`);
  expect(refusal).toContain("hint: run unitc publish again");
  const check = await bundleCheck(replica.origin);
  expect(check).toMatchObject({ ok: true, detail: firstDigest });
  expect(check.warning).toContain(`published head refused: the published head (bundle ${hostileDigest})`);
  const plain = await (await fetch(`${replica.origin}/readyz`)).text();
  expect(plain).toContain("bundle: warning: published head refused");
  // Its action is not served: asking for it is refused, and the marker never appears.
  const call = await fetch(`${replica.origin}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${caller}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "pwn_run", arguments: {} },
    }),
  });
  await call.arrayBuffer();
  expect(existsSync(marker)).toBe(false);
  expect(existsSync(join(shared.dir, "cache", "unitc", "published", hostileDigest))).toBe(false);

  // The publisher's next bundle is served again, and the warning is gone.
  const secondDigest = (await unitcOn(shared, ["publish", "--out", second])).trim();
  await until(async () => (await servedDigest(replica.origin)) === secondDigest, WITHIN_MS);
  expect((await bundleCheck(replica.origin)).warning).toBeUndefined();
  expect(existsSync(marker)).toBe(false);
}, 180_000);
