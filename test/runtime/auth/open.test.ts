import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTokenStore } from "../../../runtime/auth/open.js";

let dataHome: string;
beforeAll(async () => {
  dataHome = await mkdtemp(join(tmpdir(), "unitc-auth-open-"));
});
afterAll(async () => {
  await rm(dataHome, { recursive: true, force: true });
});

describe("openTokenStore", () => {
  it("seals with the data folder's vault key, never an undocumented UNITC_VAULT_KEY variable", async () => {
    const stray = { XDG_DATA_HOME: dataHome, UNITC_VAULT_KEY: randomBytes(32).toString("base64url") };
    const first = await openTokenStore(stray);
    const tokens = { accessToken: "at-123", issuedAt: 1_700_000_000_000 };
    expect(await first.write("crm", "fp", tokens, undefined)).toBe(true);
    await first.store.close();
    // The key the store made on first use, in the data folder the storage docs name.
    expect(existsSync(join(dataHome, "unitc", "vault.key"))).toBe(true);

    const again = await openTokenStore({ XDG_DATA_HOME: dataHome });
    expect((await again.read("crm"))?.tokens).toEqual(tokens);
    await again.store.close();
  });
});
