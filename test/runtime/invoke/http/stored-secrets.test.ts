/**
 * Stored references (`vault:NAME`, `file:/abs/path`) in an HTTP action's auth, read at call time: a
 * real vault over a real filesystem store, a real loopback server, and the secret redacted from errors.
 */
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invokeHttp } from "../../../../runtime/invoke/http/index.js";
import { resolveReference } from "../../../../runtime/shared/references.js";
import { openFilesystemStore } from "../../../../runtime/storage/filesystem/store.js";
import { vaultKey } from "../../../../runtime/storage/seal.js";
import type { Store } from "../../../../runtime/storage/shared/types.js";
import { Vault } from "../../../../runtime/storage/vault.js";
import { failure, httpAction, startHttpServer, type TestServer } from "../../../support/http-server.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";

const CANARY = `canary-${randomBytes(8).toString("hex")}`;
let server: TestServer;
let store: Store;
let vault: Vault;
let dir: string;

beforeAll(async () => {
  server = await startHttpServer((request, res) =>
    res.writeHead(request.path === "/deny" ? 401 : 200).end(`saw ${request.headers.authorization}`),
  );
  dir = await writeProject({});
  store = await openFilesystemStore(join(dir, "store"), 1000);
  vault = new Vault(store, vaultKey(randomBytes(32)));
  await vault.set("API", CANARY);
});

afterAll(async () => {
  await store.close();
  await server.close();
  await cleanupProjects();
});

const call = (token: string, path = "/", withVault = true) =>
  invokeHttp(
    {},
    {
      ...httpAction({
        baseUrl: server.url,
        invoke: { path },
        connection: { auth: { type: "bearer", token } },
      }),
      ...(withVault ? { vault } : {}),
    },
  );

describe("stored references in auth", () => {
  it("sends a bearer token read from the vault at call time, and redacts it from errors", async () => {
    await call("vault:API");
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${CANARY}`);
    await vault.set("API", `${CANARY}-changed`);
    await call("vault:API");
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${CANARY}-changed`);
    await vault.set("API", CANARY);
    const error = await failure(call("vault:API", "/deny"));
    expect(error.code).toBe("HTTP_STATUS");
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(CANARY);
  });

  it("fails with SECRET_UNAVAILABLE naming the secret when it is unset or there is no vault", async () => {
    const unset = await failure(call("vault:NOPE"));
    expect(unset.code).toBe("SECRET_UNAVAILABLE");
    expect(unset.message).toContain("vault secret NOPE (for auth.token of unit");
    expect(unset.details.hint).toBe("run unitc secret set NOPE");
    const none = await failure(call("vault:API", "/", false));
    expect(none.code).toBe("SECRET_UNAVAILABLE");
    expect(none.details.hint).toContain("configure storage");
  });

  it("reads an owner-only file: reference and refuses one others can read", async () => {
    const file = join(dir, "token");
    await writeFile(file, `${CANARY}\n`, { mode: 0o600 });
    await call(`file:${file}`);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${CANARY}`);
    const open = join(dir, "open-token");
    await writeFile(open, CANARY, { mode: 0o644 });
    const refused = await failure(call(`file:${open}`));
    expect(refused.code).toBe("SECRET_UNAVAILABLE");
    expect(refused.message).toContain("readable or writable by others");
  });

  it("never hands back a stored reference's own text as the secret", () => {
    expect(() => resolveReference("vault:API", {})).toThrow(/not read here/);
    expect(resolveReference("vault:API", {}, new Map([["vault:API", "v"]]))).toBe("v");
  });
});
