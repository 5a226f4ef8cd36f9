import { randomBytes } from "node:crypto";
import { mkdtemp, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveVaultKey } from "../../../runtime/storage/vault-key.js";

const dataDir = () => mkdtemp(join(tmpdir(), "unitc-key-"));

describe("resolveVaultKey", () => {
  it("decodes a 32-byte base64url key from env:", async () => {
    const text = randomBytes(32).toString("base64url");
    const key = await resolveVaultKey({
      provider: "postgresql",
      vaultKey: "env:K",
      env: { K: text },
      dataDir: await dataDir(),
    });
    expect(Buffer.from(key.bytes).toString("base64url")).toBe(text);
  });

  it("refuses a key of the wrong length, naming the field and never the key", async () => {
    const text = randomBytes(16).toString("base64url");
    const failure = resolveVaultKey({
      provider: "sqlite",
      vaultKey: "env:K",
      env: { K: text },
      dataDir: await dataDir(),
    });
    await expect(failure).rejects.toThrow("storage.vaultKey decodes to 16 bytes; it must be 32");
    await expect(failure).rejects.not.toThrow(text);
  });

  it("makes an owner-only key file on first use for the embedded providers, and reuses it", async () => {
    const dir = await dataDir();
    const first = await resolveVaultKey({ provider: "filesystem", env: {}, dataDir: dir });
    expect((await stat(join(dir, "vault.key"))).mode & 0o777).toBe(0o600);
    const again = await resolveVaultKey({ provider: "sqlite", env: {}, dataDir: dir });
    expect(again.id).toBe(first.id);
  });

  it("makes one key when several first runs race", async () => {
    const dir = await dataDir();
    const keys = await Promise.all(
      Array.from({ length: 8 }, () => resolveVaultKey({ provider: "filesystem", env: {}, dataDir: dir })),
    );
    expect(new Set(keys.map((k) => k.id)).size).toBe(1);
  });

  it("refuses to start postgresql and object_store without a vaultKey", async () => {
    for (const provider of ["postgresql", "object_store"]) {
      const dir = await dataDir();
      await expect(resolveVaultKey({ provider, env: {}, dataDir: dir })).rejects.toMatchObject({
        code: "VAULT_NO_KEY",
        message: expect.stringContaining(`storage provider ${provider} needs storage.vaultKey`),
      });
      await expect(stat(join(dir, "vault.key"))).rejects.toThrow();
    }
  });
});
