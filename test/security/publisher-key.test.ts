/**
 * Which heads a replica takes, over a real SQLite store. A head published before heads were signed
 * is refused with a hint to publish again, and publishing the same bundle again signs it; a signed
 * head edited in storage (its history or its digest) no longer verifies. With an Ed25519 publisher
 * key (`unitc publish keygen`), replicas holding only its public half (real `unitc serve --published`
 * processes) serve what the publisher signs and refuse a head published with the vault key alone:
 * a replica, which holds the vault key, cannot publish.
 */
import { randomBytes } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PublishedBundles } from "../../runtime/serve/host/published.js";
import { createServeHost } from "../../runtime/serve/index.js";
import { emptyManifest } from "../../runtime/serve/start/index.js";
import { HEAD_KEY, publishBundle, readHead } from "../../runtime/storage/bundles.js";
import { publisherSigner, publisherVerifier, vaultHeadKey } from "../../runtime/storage/publisher-key.js";
import { vaultKey } from "../../runtime/storage/seal.js";
import type { Store } from "../../runtime/storage/shared/types.js";
import { openSqliteStore } from "../../runtime/storage/sqlite/store.js";
import { replica, stopReplicas, until } from "../cli/replica-support.js";
import { unitc } from "../cli/storage-support.js";
import { compileProject, eventually, projectConfig } from "../runtime/serve/support.js";
import { cleanupProjects, writeProject } from "../support/project.js";

const POLL_MS = 100;
const stores: Store[] = [];
afterAll(async () => {
  stopReplicas();
  await Promise.all(stores.map((store) => store.close()));
  await cleanupProjects();
});

async function compiledBundle(description: string): Promise<{ dir: string; files: Map<string, Uint8Array> }> {
  const manifestPath = await compileProject(
    projectConfig({
      cliTools: {
        shell: {
          name: "Shell",
          description,
          actions: { echo: { description, command: "echo", args: ["hi"] } },
        },
      },
    }),
  );
  const dir = dirname(manifestPath);
  const files = new Map<string, Uint8Array>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path).split("\\").join("/"), await readFile(path));
  }
  return { dir, files };
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe("heads in storage", () => {
  it("refuses a head published before heads were signed; publishing the same bundle again serves it", async () => {
    const dir = await writeProject({});
    const store = await openSqliteStore(join(dir, "store.db"), POLL_MS);
    stores.push(store);
    const key = vaultHeadKey(vaultKey(randomBytes(32)));
    const { files } = await compiledBundle("The bundle.");
    // What an earlier unitc publish left: the bundle, and a head without a signature.
    const { digest } = await publishBundle(store, files, key);
    const { signature: _signature, ...unsigned } = (await readHead(store))?.head ?? { digest: "" };
    const current = await store.get(HEAD_KEY);
    await store.put(HEAD_KEY, encode(unsigned), { version: current?.version as string });

    const logs: string[] = [];
    const bundles = new PublishedBundles(store, key, join(dir, "cache"), (line) => logs.push(line), 20);
    expect(await bundles.first()).toBeUndefined();
    expect(bundles.state.problem).toContain(`the published head (bundle ${digest}) carries no signature`);
    expect(logs.join("\n")).toMatch(
      /^PUBLISHED_HEAD_UNVERIFIED published head refused: .* carries no signature.*; serving no bundle; hint: run unitc publish again/m,
    );
    const host = createServeHost({ manifest: emptyManifest() });
    bundles.follow(host);
    try {
      // The same bundle is not "already published": its head is signed this time.
      expect((await publishBundle(store, files, key)).published).toBe(true);
      await eventually(() => bundles.state.digest === digest);
      expect(host.manifest.units[0]?.description).toBe("The bundle.");
      expect(bundles.state.problem).toBeUndefined();
    } finally {
      await bundles.close();
      await host.close();
    }
  });

  it("refuses a signed head whose history or digest was edited in storage", async () => {
    const dir = await writeProject({});
    const store = await openSqliteStore(join(dir, "store.db"), POLL_MS);
    stores.push(store);
    const key = vaultHeadKey(vaultKey(randomBytes(32)));
    const first = await compiledBundle("First.");
    const second = await compiledBundle("Second.");
    const { digest: secondDigest } = await publishBundle(store, second.files, key);
    const { digest: firstDigest } = await publishBundle(store, first.files, key);
    const signed = (await readHead(store))?.head;
    for (const edit of [{ history: [firstDigest] }, { digest: secondDigest }]) {
      const current = await store.get(HEAD_KEY);
      await store.put(HEAD_KEY, encode({ ...signed, ...edit }), { version: current?.version as string });
      const logs: string[] = [];
      const bundles = new PublishedBundles(store, key, join(dir, "cache"), (line) => logs.push(line), 20);
      expect(await bundles.first()).toBeUndefined();
      expect(bundles.state.problem).toMatch(/has a signature that does not verify with the vault-derived/);
      await bundles.close();
    }
  });
});

describe("an Ed25519 publisher key", () => {
  it("is 32 bytes as base64url; anything else is PUBLISH_KEY_INVALID, naming the field and not the text", () => {
    const text = "not-a-key";
    for (const make of [() => publisherSigner(text), () => publisherVerifier(text)]) {
      expect(make).toThrow(expect.objectContaining({ code: "PUBLISH_KEY_INVALID" }));
      expect(make).toThrow(/^storage\.(publishKey|publisherPublicKey) is not 32 bytes as base64url$/);
    }
  });

  it("replicas with its public half serve what it signs, and refuse a head published with the vault key alone", async () => {
    const dir = await writeProject({});
    const env = {
      XDG_DATA_HOME: join(dir, "data"),
      XDG_CACHE_HOME: join(dir, "cache"),
      XDG_STATE_HOME: join(dir, "state"),
      XDG_CONFIG_HOME: join(dir, "config"),
      SERVE_TOKEN: randomBytes(24).toString("base64url"),
    };
    const keyFile = join(dir, "publisher.key");
    const made = await unitc(["publish", "keygen", keyFile], dir, env);
    expect(made.code).toBe(0);
    const publicKey = made.stdout.trim();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.stderr).toContain(`storage.publisherPublicKey: "${publicKey}"`);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(keyFile, "utf8")).not.toContain(publicKey);
    const again = await unitc(["publish", "keygen", keyFile], dir, env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("it exists already");

    const storage = { provider: "sqlite", path: "store.db", pollIntervalMs: POLL_MS };
    await writeFile(
      join(dir, "user.json"),
      JSON.stringify({ storage: { ...storage, publisherPublicKey: publicKey } }),
    );
    await writeFile(
      join(dir, "publisher.json"),
      JSON.stringify({ storage: { ...storage, publishKey: `file:${keyFile}` } }),
    );
    await writeFile(join(dir, "vault-only.json"), JSON.stringify({ storage }));
    const publish = (config: string, out: string) =>
      unitc(["publish", "--out", out, "--user-config", join(dir, config)], dir, env);

    const [first, second] = await Promise.all([compiledBundle("Signed."), compiledBundle("Vault-key only.")]);
    const signed = await publish("publisher.json", first.dir);
    expect(signed.code).toBe(0);
    expect(signed.stderr).toMatch(/signed by publisher key [0-9a-f]{16}/);
    const r = await replica(dir, env);
    const bundleCheck = async () =>
      (
        (await (await fetch(`${r.base}/readyz?json`)).json()) as {
          checks: { bundle: Record<string, unknown> };
        }
      ).checks.bundle;
    await until(async () => (await bundleCheck()).detail === signed.stdout.trim(), 30_000);

    // Someone with the vault key (a replica's config) publishes: the replicas refuse it.
    const forged = await publish("vault-only.json", second.dir);
    expect(forged.code).toBe(0);
    await until(async () => r.stderr().includes("PUBLISHED_HEAD_UNVERIFIED"), 30_000);
    expect(r.stderr()).toMatch(
      /is signed by the vault-derived publishing key [0-9a-f]{16}, and this replica takes only heads signed by publisher key [0-9a-f]{16}/,
    );
    expect(await bundleCheck()).toMatchObject({ ok: true, detail: signed.stdout.trim() });
    expect(String((await bundleCheck()).warning)).toContain(forged.stdout.trim());
  }, 120_000);
});
