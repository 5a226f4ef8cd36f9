/**
 * The committed bundle of examples/secure: a bearer token from the vault (set with the real
 * `unitc secret set` into a throwaway filesystem store, read by `createUnits({ userConfig })`) and an
 * OAuth 2 access token from a real `oidc-provider` by the client credentials grant, both against the
 * example's API on free ports.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/index.js";
import { redirectingFetch } from "../../examples/http-support.mjs";
import { startSecureServer } from "../../examples/secure/server.mjs";
import { createUnits, type Units } from "../../generated/secure/index.js";

const journalToken = "journal-canary-5e0c";
const clientSecret = "reports-canary-secret-7b2f9a";
let dir: string;
let server: Awaited<ReturnType<typeof startSecureServer>>;
let units: Units;
let said = "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "unitc-example-secure-"));
  const config = join(dir, "user.json");
  await writeFile(config, JSON.stringify({ storage: { provider: "filesystem", path: join(dir, "store") } }));
  const env = { REPORTS_CLIENT_SECRET: clientSecret, XDG_DATA_HOME: join(dir, "data") };
  const io = {
    stdout: (t: string) => {
      said += t;
    },
    stderr: (t: string) => {
      said += t;
    },
    cwd: dir,
    env,
    stdin: async () => `${journalToken}\n`,
  };
  expect(await runCli(["secret", "set", "JOURNAL_TOKEN", "--user-config", config], io)).toBe(0);
  server = await startSecureServer({ apiPort: 0, issuerPort: 0, journalToken, clientSecret });
  const fetch = redirectingFetch({
    "http://127.0.0.1:4324": server.url,
    "http://127.0.0.1:4325": server.issuer,
  });
  units = createUnits({ env, fetch, userConfig: config });
});
afterAll(async () => {
  await units?.$runtime.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("generated client of examples/secure", () => {
  it("keeps the references, never the secrets, in the manifest", () => {
    const text = JSON.stringify(units.$runtime.manifest);
    expect(text).toContain("vault:JOURNAL_TOKEN");
    expect(text).toContain("env:REPORTS_CLIENT_SECRET");
    expect(text).not.toContain(journalToken);
    expect(said).not.toContain(journalToken);
  });

  it("sends the vault's token to the journal", async () => {
    const entries = await units.journal.listEntries();
    expect(entries[0]).toEqual({ day: "2025-06-02", text: "Compiled five kinds of unit before lunch." });
  });

  it("gets an access token by client credentials and reuses it", async () => {
    const may = await units.reports.usage({ month: "2025-05" });
    expect(may).toMatchObject({ month: "2025-05", client: "reporter", calls: { openapi: 42 } });
    const june = await units.reports.usage({ month: "2025-06" });
    expect(june.month).toBe("2025-06");
  });

  it("fails with a stable code when the vault lacks the secret", async () => {
    const empty = createUnits({ vault: { get: async () => undefined } });
    const error = await empty.journal.listEntries().catch((e: unknown) => e);
    await empty.$runtime.close();
    expect(error).toMatchObject({ code: "SECRET_UNAVAILABLE" });
  });
});
