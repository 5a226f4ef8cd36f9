import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  isSecretReference,
  MissingVariableError,
  parseReference,
  referencedVariables,
  resolveReference,
  resolveSecret,
} from "../../../runtime/shared/references.js";
import { vaultKey } from "../../../runtime/storage/seal.js";
import { Vault } from "../../../runtime/storage/vault.js";
import { memoryStore } from "../../support/memory-store.js";

async function secretFile(text: string, mode: number): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), "unitc-ref-")), "secret");
  await writeFile(path, text);
  await chmod(path, mode);
  return path;
}

describe("request templates", () => {
  it("recognises env:NAME, ${NAME} and $env:NAME, and nothing literal", () => {
    expect(isSecretReference("env:API_TOKEN")).toBe(true);
    expect(isSecretReference("Bearer ${API_TOKEN}")).toBe(true);
    expect(isSecretReference("token $env:API_TOKEN")).toBe(true);
    expect(isSecretReference("Bearer ghp_literal")).toBe(false);
    expect(isSecretReference("Bearer ${API_TOKEN} ${broken")).toBe(false);
    expect(referencedVariables("${A}:$env:B")).toEqual(["A", "B"]);
  });

  it("fills a template from the environment and names an unset variable", () => {
    expect(resolveReference("Bearer ${T}", { T: "x" })).toBe("Bearer x");
    expect(resolveReference("env:T", { T: "y" })).toBe("y");
    expect(() => resolveReference("Bearer $env:NOPE", {})).toThrow(MissingVariableError);
    expect(() => resolveReference("Bearer $env:NOPE", {})).toThrow("environment variable NOPE is not set");
  });

  it("shares the env: form with whole-value references", async () => {
    expect(parseReference("env:T")).toEqual({ kind: "env", target: "T" });
    expect(await resolveSecret("env:T", { env: { T: "same" } })).toBe(
      resolveReference("env:T", { T: "same" }),
    );
  });
});

describe("secret references", () => {
  it("parses env:, file: with an absolute path, and vault:, and nothing else", () => {
    expect(parseReference("env:API_TOKEN")).toEqual({ kind: "env", target: "API_TOKEN" });
    expect(parseReference("file:/run/secrets/dsn")).toEqual({ kind: "file", target: "/run/secrets/dsn" });
    expect(parseReference("vault:github")).toEqual({ kind: "vault", target: "github" });
    expect(parseReference("file:relative/path")).toBeUndefined();
    expect(parseReference("postgres://u:p@db/x")).toBeUndefined();
  });

  it("resolves env: and names a missing variable", async () => {
    expect(await resolveSecret("env:T", { env: { T: "v" } })).toBe("v");
    await expect(resolveSecret("env:T", { env: {}, field: "auth.token" })).rejects.toMatchObject({
      code: "MISSING_ENV",
      message: "environment variable T (for auth.token) is not set",
    });
  });

  it("reads an owner-only file without its final newline", async () => {
    const path = await secretFile("s3cret\n", 0o600);
    expect(await resolveSecret(`file:${path}`, { env: {} })).toBe("s3cret");
  });

  it("refuses a file others can read, naming the path and the fix", async () => {
    const path = await secretFile("s3cret", 0o644);
    const failure = resolveSecret(`file:${path}`, { env: {}, field: "storage.connection" });
    await expect(failure).rejects.toMatchObject({
      code: "FILE_NOT_PRIVATE",
      hint: `make it owner-only: chmod 600 ${path}`,
    });
    await expect(failure).rejects.toThrow(
      `${path} (for storage.connection) is readable or writable by others (mode 644)`,
    );
  });

  it("resolves vault: through a vault, and says when the secret is not set", async () => {
    const vault = new Vault(memoryStore(), vaultKey(randomBytes(32))); // in-memory stand-in store
    await vault.set("github", "ghp_x");
    expect(await resolveSecret("vault:github", { env: {}, vault })).toBe("ghp_x");
    await expect(resolveSecret("vault:gitlab", { env: {}, vault })).rejects.toMatchObject({
      code: "VAULT_MISSING",
    });
    await expect(resolveSecret("vault:github", { env: {} })).rejects.toMatchObject({
      code: "VAULT_UNAVAILABLE",
    });
  });

  it("refuses literals and kinds a field does not take, naming the field", async () => {
    const storageField = { env: {}, allow: ["env", "file"] as const, field: "storage.vaultKey" };
    await expect(resolveSecret("vault:key", storageField)).rejects.toMatchObject({
      code: "REFERENCE_NOT_ALLOWED",
      message: "storage.vaultKey does not take vault: references",
    });
    await expect(resolveSecret("c2VjcmV0", storageField)).rejects.toMatchObject({
      code: "REFERENCE_LITERAL",
      message: "storage.vaultKey holds a literal value; it must be a reference",
      hint: "write env:NAME, file:/abs/path",
    });
  });
});
