/**
 * A unit's opt-in to arguments in the audit log, over a real serve (`startServing` over Streamable
 * HTTP, a SQLite store and a PostgreSQL one, each with a vault) called by MCP clients of both SDK generations: a unit that opts
 * in has its calls' arguments recorded (a direct call, a progressive call, each operation a Code Mode
 * run called) after redaction, a unit that does not has none; and canary secrets sent as arguments (a
 * vault secret the unit uses, a vault secret it does not, a credential resolved from the environment,
 * values under secret-looking keys such as apiKey or Authorization, the author's extra paths) never
 * reach the stored bytes, while long strings are cut.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lazyStorage } from "../../../../runtime/serve/index.js";
import { serveSettings, startServing } from "../../../../runtime/serve/start/index.js";
import { readAudit } from "../../../../runtime/storage/audit/log.js";
import { AUDIT_NAMESPACE } from "../../../../runtime/storage/audit/records.js";
import {
  type OpenedStorage,
  openConfiguredStorage,
  type StorageSettings,
  userConfigOf,
} from "../../../../runtime/storage/index.js";
import { migratePostgresStore } from "../../../../runtime/storage/postgresql/store.js";
import type { TestServer } from "../../../support/http-server.js";
import { type PostgresServer, startPostgres } from "../../storage/postgres-server.js";
import { notesActions, startNotesServer } from "../fixtures.js";
import { closeAll, compileProject, connect, projectConfig, TOKEN } from "../support.js";

const CANARY = {
  vaultUsed: "vault-used-canary-31f9a0",
  vaultOther: "vault-other-canary-8c2d55",
  env: "env-cred-canary-47be10",
  apiKey: "apikey-canary-0d9e7a",
  authorization: "authz-canary-6a1f3c",
  password: "password-canary-2b7d90",
  card: "4111-card-canary-9911",
  pin: "pin-canary-5e0c",
  plain: "plain-unit-canary-77aa01",
};

const CHARGE_INPUT = {
  type: "object",
  properties: {
    text: { type: "string" },
    apiKey: { type: "string" },
    headers: { type: "object", additionalProperties: { type: "string" } },
    card: { type: "object", properties: { number: { type: "string" }, holder: { type: "string" } } },
    extra: { type: "object", properties: { pin: { type: "string" }, password: { type: "string" } } },
    long: { type: "string" },
  },
  required: ["text"],
};

let notes: TestServer;
let manifestPath: string;
let postgres: PostgresServer;
const storageEnv = { UNITC_PG: "", UNITC_KEY: randomBytes(32).toString("base64url") };

/** The providers the log is checked over: a SQLite file, and a shared PostgreSQL database. */
const providers: Record<string, () => StorageSettings> = {
  sqlite: () => ({
    provider: "sqlite",
    path: join(mkdtempSync(join(tmpdir(), "unitc-audit-args-")), "s.db"),
  }),
  postgresql: () => ({ provider: "postgresql", connection: "env:UNITC_PG", vaultKey: "env:UNITC_KEY" }),
};

beforeAll(async () => {
  notes = await startNotesServer();
  manifestPath = await compileProject(
    projectConfig({
      options: { exposure: "code_mode" },
      cliTools: {
        pay: {
          name: "Pay",
          description: "Charges a card.",
          exposure: "direct_and_code_mode",
          audit: { arguments: true, redact: ["card.number", "pin"] },
          actions: {
            charge: {
              description: "Charge a card.",
              command: "echo",
              args: ["charged", "$input.text"],
              env: { PAY_TOKEN: "env:PAY_TOKEN" },
              inputSchema: CHARGE_INPUT,
            },
          },
        },
        plain: {
          name: "Plain",
          description: "Keeps no arguments.",
          exposure: "direct_and_code_mode",
          actions: {
            say: {
              description: "Say the text.",
              command: "echo",
              args: ["$input.text"],
              inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
            },
          },
        },
      },
      httpApis: {
        notes: {
          name: "Notes",
          description: "A notes service.",
          exposure: "progressive",
          baseUrl: `${notes.url}/api`,
          auth: { type: "bearer", token: "vault:NOTES_TOKEN" },
          audit: { arguments: true },
          actions: notesActions(),
        },
      },
    }),
  );
  postgres = await startPostgres();
  await postgres.createDatabase("auditargs");
  await migratePostgresStore(postgres.dsn("auditargs"));
  storageEnv.UNITC_PG = postgres.dsn("auditargs");
}, 120_000);
afterAll(async () => {
  await closeAll();
  await notes?.close();
  await postgres?.stop();
});

describe.each(Object.keys(providers))("arguments in the audit log over %s", (provider) => {
  let opened: OpenedStorage;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "unitc-audit-args-data-"));
    opened = await openConfiguredStorage((providers[provider] as () => StorageSettings)(), {
      ...storageEnv,
      XDG_DATA_HOME: join(dir, "data"),
    });
    await opened.vault.set("NOTES_TOKEN", CANARY.vaultUsed);
    await opened.vault.set("UNRELATED", CANARY.vaultOther);
  });
  afterAll(async () => {
    await opened?.close();
  });

  it("keeps an opted-in unit's arguments redacted, none of another unit's, and no secret in the stored bytes", async () => {
    const env = { ...storageEnv, SERVE_TOKEN: TOKEN, PAY_TOKEN: CANARY.env };
    const user = userConfigOf({ serve: { port: 0, audit: { enabled: true } } });
    const settings = serveSettings({ transport: "http", token: "env:SERVE_TOKEN" }, env, "/", user);
    const storage = lazyStorage(async () => opened, env);
    storage.adopt(opened);
    const handle = await startServing({
      settings,
      services: { env: { ...env, PATH: process.env.PATH } },
      cwd: "/",
      storage,
      manifestPath,
      version: "test",
      log: () => {},
    });
    const url = handle.http?.url as string;
    const long = `start-${"x".repeat(2_000)}-end`;
    try {
      // A direct call through the 2.x client, every kind of secret among its arguments.
      const client = await connect(url);
      const charged = await client.callTool({
        name: "pay__charge",
        arguments: {
          text: `order 17 paid with ${CANARY.vaultOther} and ${CANARY.env}`,
          apiKey: CANARY.apiKey,
          headers: { Authorization: `Bearer ${CANARY.authorization}`, Accept: "text/plain" },
          card: { number: CANARY.card, holder: "Ada" },
          extra: { pin: CANARY.pin, password: CANARY.password },
          long,
        },
      });
      expect(charged.isError).toBeFalsy();
      await client.callTool({ name: "plain__say", arguments: { text: CANARY.plain } });
      const code = `await units.pay.charge({ text: "in code", apiKey: "${CANARY.apiKey}" });
        await units.plain.say({ text: "${CANARY.plain}" });
        return "done";`;
      const run = await client.callTool({ name: "code_mode", arguments: { code } });
      expect(JSON.stringify(run)).toContain("done");

      // A progressive call through the 1.x client: the unit's own vault credential as an argument.
      const old = new Client1({ name: "audit-args-test", version: "1" });
      await old.connect(
        new Http1(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
      );
      const listed = await old.callTool({
        name: "notes",
        arguments: { operation: "call", name: "listNotes", args: { tag: `tag ${CANARY.vaultUsed}` } },
      });
      expect(listed.isError).toBeFalsy();
      await old.close();
    } finally {
      await handle.close();
      await storage.close();
    }

    const records = await readAudit(opened.store);
    const byOperation = (unit: string, operation: string) =>
      records.find((record) => record.unit === unit && record.operation === operation);
    expect(byOperation("pay", "charge")?.arguments).toEqual({
      text: "order 17 paid with [redacted] and [redacted]",
      apiKey: "[redacted]",
      headers: { Authorization: "[redacted]", Accept: "text/plain" },
      card: { number: "[redacted]", holder: "Ada" },
      extra: { pin: "[redacted]", password: "[redacted]" },
      long: expect.stringMatching(/^start-x+…$/),
    });
    const kept = byOperation("pay", "charge")?.arguments as { long?: string } | undefined;
    expect(kept?.long?.length).toBe(201);
    expect(byOperation("plain", "say")).toBeDefined();
    expect(byOperation("plain", "say")).not.toHaveProperty("arguments");
    expect(byOperation("notes", "listNotes")?.arguments).toEqual({ tag: "tag [redacted]" });
    const run = records.find((record) => record.kind === "code_mode");
    expect(run).not.toHaveProperty("arguments");
    expect(run?.calls).toEqual([
      {
        unit: "pay",
        operation: "charge",
        outcome: "ok",
        arguments: { text: "in code", apiKey: "[redacted]" },
      },
      { unit: "plain", operation: "say", outcome: "ok" },
    ]);

    // Every byte the log holds, read around the reader: no secret and no unit's unkept argument.
    const stored = (await opened.store.list(AUDIT_NAMESPACE)).map((r) => new TextDecoder().decode(r.value));
    expect(stored.join("\n")).toContain("order 17 paid with");
    for (const canary of Object.values(CANARY)) expect(stored.join("\n")).not.toContain(canary);
  });
});
