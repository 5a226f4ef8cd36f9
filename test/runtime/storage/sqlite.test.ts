import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { openStore } from "../../../runtime/storage/open.js";
import { describeStoreConformance } from "./conformance.js";

const path = join(mkdtempSync(join(tmpdir(), "unitc-store-sqlite-")), "store.db");
describeStoreConformance("sqlite", () => ({
  settings: { provider: "sqlite", path, pollIntervalMs: 300 },
  env: {},
}));

describe("sqlite store schema", () => {
  it("migrates a new file at open, and refuses one whose schema is newer than this unitc", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "unitc-store-sqlite-")), "newer.db");
    const store = await openStore({ provider: "sqlite", path: file }, {});
    await store.close();
    const db = new DatabaseSync(file);
    expect(db.prepare("PRAGMA user_version").get()).toEqual({ user_version: 1 });
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    db.exec("PRAGMA user_version = 7");
    db.close();
    await expect(openStore({ provider: "sqlite", path: file }, {})).rejects.toMatchObject({
      code: "STORAGE_SCHEMA_NEWER",
      message: expect.stringContaining("schema version 7, newer than this unitc knows (1)"),
    });
  });
});
