/**
 * `vault:NAME` in a unit's auth, end to end with real processes: `unitc secret set` seals the token
 * into each provider's store, `unitc compile` keeps only the reference, and `unitc run` sends it to a
 * loopback server as `Authorization: Bearer …`. The plaintext must appear nowhere else: not in the
 * store (SQLite file, every Postgres row as text, every object of the bucket, the filesystem store's
 * files), the manifest, the
 * generated files, the CLI's output, or an error message.
 */
import { randomBytes } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../support/built-cli.js";
import { cleanupProjects } from "../support/project.js";
import { S3RVER_CREDENTIALS } from "../support/s3rver.js";
import {
  type ChildRun,
  PROVIDERS,
  providerSetup,
  type StorageServers,
  startStorageServers,
  storageHome,
  unitc,
} from "./storage-support.js";

let servers: StorageServers;
let server: Server;
let baseUrl: string;
const seen: string[] = [];

beforeAll(async () => {
  servers = await startStorageServers();
  server = createServer((request, response) => {
    const authorization = request.headers.authorization ?? "";
    seen.push(authorization);
    // The error case echoes the header back, as a careless API might: the runtime must redact it.
    const status = request.url?.includes("fail") ? 401 : 200;
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify({ ok: status === 200, got: status === 200 ? "yes" : authorization }));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
}, 120_000);

afterAll(async () => {
  await new Promise((done) => server.close(done));
  await servers?.stop();
  await cleanupProjects();
});

/** Every file below `dir`, as bytes. */
async function filesBelow(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const found: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).isFile()) found.push({ path, bytes: await readFile(path) });
  }
  return found;
}

/** Every row of the `unitc` schema's tables, as text. */
async function postgresRows(dsn: string): Promise<string> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'unitc'",
    );
    let text = "";
    for (const { table_name } of tables.rows) {
      const rows = await client.query(`SELECT t::text AS row FROM unitc."${table_name}" t`);
      text += rows.rows.map((row) => row.row).join("\n");
    }
    return text;
  } finally {
    await client.end();
  }
}

/** Every object of the bucket (all prefixes, not only the store's), with its key. */
async function bucketObjects(): Promise<{ key: string; bytes: Buffer }[]> {
  const { endpoint, bucket } = servers.objectStore;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  try {
    const found: { key: string; bytes: Buffer }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const { Key } of page.Contents ?? []) {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        found.push({
          key: Key as string,
          bytes: Buffer.from((await object.Body?.transformToByteArray()) ?? []),
        });
      }
      token = page.NextContinuationToken;
    } while (token);
    return found;
  } finally {
    client.destroy();
  }
}

function project(): Record<string, string> {
  const unit = (path: string) => ({ method: "GET", path, description: "Call the API." });
  return {
    "project/.units/config.json": JSON.stringify({
      httpApis: {
        api: {
          name: "API",
          description: "A loopback API.",
          baseUrl,
          auth: { type: "bearer", token: "vault:GH_TOKEN" },
          actions: { check: unit("/check"), fail: unit("/fail") },
        },
      },
    }),
    "project/call.ts": "return await units.api.check();",
    "project/fail.ts": "return await units.api.fail();",
  };
}

describe("vault: references in units", () => {
  it.each(PROVIDERS)(
    "a bearer token from vault: reaches the API and nowhere else (%s)",
    async (provider) => {
      const canary = `canary-${randomBytes(12).toString("hex")}`;
      const home = await storageHome(await providerSetup(provider, servers), project());
      const projectDir = join(home.dir, "project");
      const runs: ChildRun[] = [];
      const run = async (args: string[], stdin?: string) => {
        const result = await unitc([...args, "--user-config", home.config], projectDir, home.env, stdin);
        runs.push(result);
        return result;
      };

      expect(await run(["secret", "set", "GH_TOKEN"], `${canary}\n`)).toMatchObject({ code: 0 });
      const compiled = await run(["compile"]);
      expect(compiled.code, compiled.stderr).toBe(0);
      const manifest = await readFile(join(projectDir, "generated/manifest.json"), "utf8");
      expect(manifest).toContain("vault:GH_TOKEN");

      seen.length = 0;
      const called = await run(["run", "call.ts"]);
      expect(called.code, called.stderr).toBe(0);
      expect(JSON.parse(called.stdout)).toMatchObject({ ok: true, value: { ok: true, got: "yes" } });
      expect(seen).toEqual([`Bearer ${canary}`]);

      const failed = await run(["run", "fail.ts"]);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain("HTTP_STATUS");

      const listed = await run(["secret", "list"]);
      expect(listed.stdout).toContain("GH_TOKEN");
      expect((await run(["storage", "status", "--json"])).code).toBe(0);
      expect((await run(["storage", "verify"])).code).toBe(0);

      // Nowhere but the wire: the store, the bundle, and every output of every command.
      const files = await filesBelow(home.dir);
      expect(files.some((file) => file.path.endsWith("store.db"))).toBe(provider === "sqlite");
      for (const file of files) expect(file.bytes.includes(canary), file.path).toBe(false);
      if (provider === "object_store") {
        const objects = await bucketObjects();
        expect(objects.some((object) => object.key.startsWith(`${home.storage.path}/records/vault/`))).toBe(
          true,
        );
        for (const object of objects) expect(object.bytes.includes(canary), object.key).toBe(false);
      }
      if (provider === "postgresql") {
        const rows = await postgresRows(home.env.UNITC_TEST_PG as string);
        expect(rows).toContain("vault");
        expect(rows).not.toContain(canary);
      }
      for (const result of runs) expect(result.stdout + result.stderr).not.toContain(canary);
    },
    90_000,
  );

  it("unitc serve reads vault: references through the user config's store at call time", async () => {
    const canary = `canary-${randomBytes(12).toString("hex")}`;
    const home = await storageHome(await providerSetup("sqlite", servers), project());
    const projectDir = join(home.dir, "project");
    const flags = ["--user-config", home.config];
    expect((await unitc(["secret", "set", "GH_TOKEN", ...flags], projectDir, home.env, canary)).code).toBe(0);
    expect((await unitc(["compile", ...flags], projectDir, home.env)).code).toBe(0);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_CLI, "serve", ...flags],
      cwd: projectDir,
      env: { PATH: process.env.PATH ?? "", ...home.env },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: "vault-test", version: "1" });
    await client.connect(transport);
    try {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain("code_mode");
      seen.length = 0;
      const code = "return await units.api.check();";
      const result = await client.callTool({ name: "code_mode", arguments: { code } });
      expect(result.isError).not.toBe(true);
      expect(seen).toEqual([`Bearer ${canary}`]);
      expect(JSON.stringify(result)).not.toContain(canary);
    } finally {
      await client.close();
    }
    expect(stderr).not.toContain(canary);
  });

  it("a missing vault secret fails the call with SECRET_UNAVAILABLE, naming the secret and the fix", async () => {
    const home = await storageHome(await providerSetup("filesystem", servers), project());
    const projectDir = join(home.dir, "project");
    expect((await unitc(["compile", "--user-config", home.config], projectDir, home.env)).code).toBe(0);
    const called = await unitc(["run", "call.ts", "--user-config", home.config], projectDir, home.env);
    expect(called.code).toBe(1);
    expect(called.stdout).toContain("SECRET_UNAVAILABLE");
    expect(called.stdout).toContain("vault secret GH_TOKEN");
    expect(called.stdout).toContain("unitc secret set GH_TOKEN");
  });
});
