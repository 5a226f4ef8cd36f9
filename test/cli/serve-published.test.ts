/**
 * Readiness of `unitc serve` on a local bundle whose units read `vault:` secrets: ready when the
 * configured store opens with its vault key, 503 naming the check when it cannot (a PostgreSQL store
 * without `vaultKey`), and the body never holds the bearer token.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileProject } from "../runtime/serve/support.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { listening } from "../support/listening.js";
import { cleanupProjects } from "../support/project.js";

const TOKEN = randomBytes(24).toString("base64url");
const stops: Array<() => void> = [];
afterAll(async () => {
  for (const stop of stops) stop();
  await cleanupProjects();
});

const VAULT_PROJECT = {
  ".units/config.json": JSON.stringify({
    httpApis: {
      api: {
        name: "API",
        description: "A loopback API.",
        baseUrl: "http://127.0.0.1:9/",
        auth: { type: "bearer", token: "vault:GH_TOKEN" },
        actions: { check: { method: "GET", path: "/check", description: "Call the API." } },
      },
    },
  }),
};

/** Serves `manifest` over HTTP with the user config `storage`; resolves with the base URL. */
async function serveWith(manifest: string, storage: Record<string, unknown>): Promise<string> {
  const dir = join(manifest, "../..");
  const config = join(dir, "user.json");
  await writeFile(config, JSON.stringify({ storage }));
  const args = [BUILT_CLI, "serve", "--manifest", manifest, "--transport", "http", "--port", "0"];
  args.push("--token", "env:SERVE_TOKEN", "--user-config", config, "--no-user-units");
  const env = { PATH: process.env.PATH ?? "", SERVE_TOKEN: TOKEN, XDG_DATA_HOME: join(dir, "data") };
  const child = spawn(process.execPath, args, { cwd: dir, env });
  stops.push(() => child.kill("SIGKILL"));
  const { url } = await listening(child);
  return url.replace(/\/mcp$/, "");
}

describe("readiness of a local bundle that uses the vault", () => {
  it("is ready when the store opens with its vault key", async () => {
    const manifest = await compileProject(VAULT_PROJECT);
    const base = await serveWith(manifest, { provider: "sqlite", path: "store.db" });
    const answer = await fetch(`${base}/readyz?json`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      status: "ready",
      checks: { bundle: { ok: true, detail: "1 units" }, vaultKey: { ok: true } },
    });
  });

  it("answers 503 naming the vault key check when the store cannot give one", async () => {
    const manifest = await compileProject(VAULT_PROJECT);
    const base = await serveWith(manifest, { provider: "postgresql", connection: "env:UNSET_PG_DSN" });
    const answer = await fetch(`${base}/readyz?json`);
    expect(answer.status).toBe(503);
    const body = await answer.text();
    const check = JSON.parse(body).checks.vaultKey;
    expect(check.ok).toBe(false);
    expect(check.detail).toMatch(/UNSET_PG_DSN|vaultKey/);
    expect(body).not.toContain(TOKEN);
  });
});
