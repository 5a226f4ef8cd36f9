/**
 * Files the store and its dumps leave on the operator's machine: a SQLite store's database and its
 * WAL and shared-memory files are owner-only (0600) in an owner-only folder (0700), also when an
 * earlier unitc left them wider; `unitc storage export --to` (the built CLI) writes a new 0600 file
 * over an existing one, and refuses a symbolic link as its target instead of following it.
 */
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../../runtime/storage/open.js";
import { providerSetup, storageHome, unitc } from "../cli/storage-support.js";
import { cleanupProjects } from "../support/project.js";

afterAll(async () => {
  await cleanupProjects();
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe("SQLite store files", () => {
  it("creates the database, its WAL and shared-memory files 0600 in a 0700 folder", async () => {
    const folder = join(mkdtempSync(join(tmpdir(), "unitc-modes-")), "state", "store");
    const path = join(folder, "store.db");
    const previous = process.umask(0o022);
    try {
      const store = await openStore({ provider: "sqlite", path }, {});
      try {
        await store.put({ namespace: "ns", name: "a" }, new Uint8Array([1]), { absent: true });
        for (const file of [path, `${path}-wal`, `${path}-shm`]) {
          expect(existsSync(file), file).toBe(true);
          expect(mode(file), file).toBe(0o600);
        }
        expect(mode(folder)).toBe(0o700);
      } finally {
        await store.close();
      }
    } finally {
      process.umask(previous);
    }
  });

  it("narrows a database an earlier unitc left 0644 when it opens it", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "unitc-modes-")), "store.db");
    await (await openStore({ provider: "sqlite", path }, {})).close();
    chmodSync(path, 0o644);
    const store = await openStore({ provider: "sqlite", path }, {});
    try {
      await store.put({ namespace: "ns", name: "a" }, new Uint8Array([1]), { absent: true });
      expect(mode(path)).toBe(0o600);
      expect(mode(`${path}-wal`)).toBe(0o600);
    } finally {
      await store.close();
    }
  });
});

describe("storage export --to", () => {
  it("replaces an existing 0644 file with a new 0600 one, and refuses a symbolic link", async () => {
    const home = await storageHome(await providerSetup("sqlite", undefined));
    const run = (args: string[], stdin?: string) =>
      unitc([...args, "--user-config", home.config], home.dir, home.env, stdin);
    expect((await run(["secret", "set", "ONE"], "1")).code).toBe(0);

    const existing = join(home.dir, "existing.json");
    writeFileSync(existing, "old content");
    chmodSync(existing, 0o644);
    const over = await run(["storage", "export", "--to", existing]);
    expect(over.code, over.stderr).toBe(0);
    expect(mode(existing)).toBe(0o600);
    expect(JSON.parse(readFileSync(existing, "utf8")).records).toHaveLength(1);

    const elsewhere = join(home.dir, "elsewhere.txt");
    writeFileSync(elsewhere, "not a dump");
    chmodSync(elsewhere, 0o644);
    const link = join(home.dir, "link.json");
    symlinkSync(elsewhere, link);
    const refused = await run(["storage", "export", "--to", link]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("STORAGE_EXPORT_SYMLINK");
    expect(refused.stderr).toContain("hint:");
    expect(readFileSync(elsewhere, "utf8")).toBe("not a dump");
    expect(mode(elsewhere)).toBe(0o644);
  });
});
