import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unitcDir } from "../../../runtime/shared/user-dirs.js";
import { openStore } from "../../../runtime/storage/open.js";

describe("openStore", () => {
  it("opens the filesystem store in the data folder when no storage is configured", async () => {
    const home = mkdtempSync(join(tmpdir(), "unitc-open-"));
    const store = await openStore(undefined, { XDG_DATA_HOME: join(home, "data") });
    expect(store.provider).toBe("filesystem");
    expect(store.location).toBe(join(home, "data", "unitc"));
    await store.close();
    expect(unitcDir("data", { HOME: "/home/someone" })).toBe("/home/someone/.local/share/unitc");
  });

  it("refuses an inline postgresql DSN, naming the field and never echoing the value", async () => {
    const failure = openStore({ provider: "postgresql", connection: "postgresql://u:hunter2@db/x" }, {});
    await expect(failure).rejects.toMatchObject({
      code: "STORAGE_BAD_CONFIG",
      message: "storage.connection holds a literal value; it must be a reference",
      hint: "write env:NAME, file:/abs/path",
    });
    await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining("hunter2") });
  });

  it("reports an unreachable PostgreSQL server by location, with no password in the message", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const address = server.address() as { port: number };
        server.close(() => resolve(address.port));
      });
    });
    const failure = openStore(
      { provider: "postgresql", connection: "env:DSN", vaultKey: "env:KEY" },
      { DSN: `postgresql://me:hunter2@127.0.0.1:${port}/db`, KEY: "unused" },
    );
    await expect(failure).rejects.toMatchObject({
      code: "STORAGE_UNREACHABLE",
      message: `cannot connect to postgresql://127.0.0.1:${port}/db (ECONNREFUSED)`,
    });
  });

  it("refuses postgresql without storage.vaultKey before connecting, as it never generates one", async () => {
    // Nothing listens on port 9: the refusal must come before any connection is tried.
    const failure = openStore(
      { provider: "postgresql", connection: "env:DSN" },
      { DSN: "postgresql://me:hunter2@127.0.0.1:9/db" },
    );
    await expect(failure).rejects.toMatchObject({
      code: "VAULT_NO_KEY",
      message: expect.stringContaining("storage provider postgresql needs storage.vaultKey"),
    });
    await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining("hunter2") });
  });

  it("names the unset variable a connection refers to", async () => {
    await expect(openStore({ provider: "postgresql", connection: "env:NOPE_DSN" }, {})).rejects.toMatchObject(
      {
        code: "STORAGE_BAD_CONFIG",
        message: "environment variable NOPE_DSN (for storage.connection) is not set",
        hint: "set NOPE_DSN in the environment",
      },
    );
  });

  it("says what object_store and sqlite lack: a bucket and region, a vault key, a path", async () => {
    await expect(openStore({ provider: "object_store", bucket: "b" }, {})).rejects.toMatchObject({
      code: "STORAGE_BAD_CONFIG",
      message: "storage.bucket and storage.region are required for object_store",
    });
    await expect(openStore({ provider: "object_store", bucket: "b", region: "r" }, {})).rejects.toMatchObject(
      { code: "VAULT_NO_KEY" },
    );
    await expect(openStore({ provider: "sqlite" }, {})).rejects.toMatchObject({
      code: "STORAGE_BAD_CONFIG",
      message: "storage.path is required for the sqlite provider",
    });
  });

  it("reports a folder it cannot write as STORAGE_NOT_WRITABLE", async () => {
    // A file where the folder should be: unwritable even for root.
    const file = join(mkdtempSync(join(tmpdir(), "unitc-open-")), "a-file");
    writeFileSync(file, "");
    await expect(openStore({ provider: "filesystem", path: join(file, "store") }, {})).rejects.toMatchObject({
      code: "STORAGE_NOT_WRITABLE",
    });
  });
});
