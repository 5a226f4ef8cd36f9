/**
 * `unitc serve` settings from the user config: the per-caller limits (`serve.rateLimit`,
 * `serve.maxConcurrent`) read from a real config file, with environment variables and flags winning,
 * and a bad value refused by the config's schema; `serve --help` points to `serve token`.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../cli/index.js";
import type { CliIO } from "../../cli/io.js";
import { loadUserServeConfig, resolveServeSettings } from "../../runtime/serve/start/settings.js";
import { writeProject } from "../support/project.js";

async function userConfig(serve: Record<string, unknown>) {
  const dir = await writeProject({ "config.json": JSON.stringify({ serve }) });
  return loadUserServeConfig(join(dir, "config.json"), {});
}

describe("serve limits as settings", () => {
  it("reads serve.rateLimit and serve.maxConcurrent from the user config", async () => {
    const user = await userConfig({ rateLimit: "30/s", maxConcurrent: 4 });
    expect(user.diagnostics).toEqual([]);
    expect(resolveServeSettings({}, {}, "/", user).limits).toEqual({ perMinute: 1800, maxConcurrent: 4 });
  });

  it("lets environment variables, then flags, win over the config", async () => {
    const user = await userConfig({ rateLimit: "30/s", maxConcurrent: 4 });
    const env = { UNITC_SERVE_RATE_LIMIT: "100/min", UNITC_SERVE_MAX_CONCURRENT: "8" };
    expect(resolveServeSettings({}, env, "/", user).limits).toEqual({ perMinute: 100, maxConcurrent: 8 });
    const flags = { "rate-limit": "7/min", "max-concurrent": "0" };
    expect(resolveServeSettings(flags, env, "/", user).limits).toEqual({ perMinute: 7, maxConcurrent: 0 });
  });

  it("refuses a rate the limiter cannot read, at the config's line", async () => {
    const user = await userConfig({ rateLimit: "fast", maxConcurrent: -1 });
    const found = user.diagnostics.map((d) => `${d.code} ${d.message}`).join("\n");
    expect(found).toMatch(/rateLimit/);
    expect(found).toMatch(/maxConcurrent/);
    expect(user.diagnostics.every((d) => d.line !== undefined && d.file !== undefined)).toBe(true);
  });

  it("refuses a rate or a concurrency flag it cannot read, as a wrong command line", async () => {
    const user = await userConfig({});
    expect(() => resolveServeSettings({ "rate-limit": "fast" }, {}, "/", user)).toThrow(
      expect.objectContaining({ code: "BAD_RATE_LIMIT", fromFlag: true }),
    );
    expect(() => resolveServeSettings({ "max-concurrent": "many" }, {}, "/", user)).toThrow(
      expect.objectContaining({ code: "BAD_MAX_CONCURRENT", fromFlag: true }),
    );
  });
});

describe("unitc serve --help", () => {
  it("mentions serve token", async () => {
    let out = "";
    const io: CliIO = {
      stdout: (text) => {
        out += text;
      },
      stderr: () => undefined,
      env: {},
      cwd: "/",
    };
    expect(await runCli(["serve", "--help"], io)).toBe(0);
    expect(out).toMatch(/unitc serve token (create|list|revoke)/);
  });
});
