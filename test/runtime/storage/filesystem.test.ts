import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStore } from "../../../runtime/storage/open.js";
import { describeStoreConformance } from "./conformance.js";

const root = mkdtempSync(join(tmpdir(), "unitc-store-fs-"));
describeStoreConformance("filesystem", () => ({
  settings: { provider: "filesystem", path: root, pollIntervalMs: 300 },
  env: {},
}));

describe("filesystem store files", () => {
  it("keeps a record as one file, and sweeps old temporary files of dead writers at open", async () => {
    const path = mkdtempSync(join(tmpdir(), "unitc-store-fs-"));
    const folder = join(path, "records", "ns");
    mkdirSync(folder, { recursive: true });
    const old = join(folder, "k.rec.123.abc.tmp");
    const fresh = join(folder, "k.rec.456.def.tmp");
    writeFileSync(old, "half a write");
    writeFileSync(fresh, "a write in progress");
    utimesSync(old, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    const store = await openStore({ provider: "filesystem", path }, {});
    await store.put({ namespace: "ns", name: "a/b" }, new TextEncoder().encode("v"), { absent: true });
    await store.close();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(join(folder, "a%b.rec"))).toBe(true);
  });
});
