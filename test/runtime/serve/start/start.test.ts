/**
 * The public serving API: `serveSettings` resolves flags over environment over the user config, and
 * `startServing` serves a compiled bundle over real Streamable HTTP on 127.0.0.1, says in its handle
 * where it listens and whom it lets in, and closes the host with the handle. The schema's serving
 * defaults, read by the runtime itself, are the ones the compiler reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schemaDefault } from "../../../../compiler/resolve/defaults.js";
import { lazyStorage } from "../../../../runtime/serve/index.js";
import {
  ServeSetupError,
  searchLimitDefault,
  serveDefault,
  serveSettings,
  startServing,
} from "../../../../runtime/serve/start/index.js";
import { type OpenedStorage, userConfigOf } from "../../../../runtime/storage/index.js";
import { exposureProject } from "../fixtures.js";
import { closeAll, compileProject, connect, TOKEN } from "../support.js";

let manifestPath: string;

beforeAll(async () => {
  manifestPath = await compileProject(exposureProject("http://127.0.0.1:9/api"));
});
afterAll(closeAll);

/** Storage no test here reaches: opening it is a failure the test would see. */
function unusedStorage() {
  return lazyStorage(() => Promise.reject(new Error("storage opened")) as Promise<OpenedStorage>, {});
}

describe("serveSettings", () => {
  it("takes flags over environment over the user config's serve, and the schema's defaults beneath", () => {
    const user = userConfigOf({ serve: { host: "127.0.0.2", port: 8000, path: "/units" } }, "/cfg");
    const settings = serveSettings({ port: "0" }, { UNITC_SERVE_HOST: "127.0.0.1" }, "/", user);
    expect([settings.host, settings.port, settings.path]).toEqual(["127.0.0.1", 0, "/units"]);
    const plain = serveSettings({}, {}, "/", userConfigOf({}));
    expect([plain.host, plain.port, plain.path, plain.transport]).toEqual([
      "127.0.0.1",
      7777,
      "/mcp",
      "stdio",
    ]);
  });

  it("refuses --published without a configured store, and --stateless on stdio as a flag's fault", () => {
    expect(() => serveSettings({ published: true, transport: "http" }, {}, "/", userConfigOf({}))).toThrow(
      expect.objectContaining({ code: "PUBLISHED_NEEDS_STORAGE" }),
    );
    expect(() => serveSettings({ stateless: true, transport: "stdio" }, {}, "/", userConfigOf({}))).toThrow(
      ServeSetupError,
    );
  });

  it("reads the same defaults from the config schema as the compiler", () => {
    for (const key of ["host", "port", "path"] as const)
      expect(serveDefault(key)).toEqual(schemaDefault("serve", key));
    for (const key of ["defaultSearchLimit", "maxSearchLimit"] as const)
      expect(searchLimitDefault(key)).toEqual(schemaDefault(key));
  });
});

describe("startServing", () => {
  it("serves over HTTP with the operators' token and gives back where and how it listens", async () => {
    const env = { SERVE_TOKEN: TOKEN };
    const user = userConfigOf({ serve: { port: 0 } });
    const settings = serveSettings({ transport: "http", token: "env:SERVE_TOKEN" }, env, "/", user);
    const logs: string[] = [];
    const storage = unusedStorage();
    const handle = await startServing({
      settings,
      services: { env },
      cwd: "/",
      storage,
      manifestPath,
      version: "test",
      log: (line) => logs.push(line),
    });
    try {
      expect(handle.transport).toBe("http");
      expect(handle.http).toMatchObject({ tokenSource: "env:SERVE_TOKEN", stateless: false });
      expect(handle.http?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = await connect(handle.http?.url as string);
      expect((await client.listTools()).tools.length).toBe(6);
      expect(handle.host.snapshot().units.length).toBeGreaterThan(0);
      // The store holds no serve tokens here: it could not open, so only the operators' token counts.
      expect(handle.http?.scopedTokens).toBe(false);
      expect(logs.join("\n")).toContain("scoped serve tokens are not accepted");
    } finally {
      await handle.close();
      await storage.close();
    }
    await expect(fetch(handle.http?.url as string)).rejects.toThrow();
  });

  it("stops with a setup error naming the unset variable of the upstream token, having opened nothing", async () => {
    const user = userConfigOf({ serve: { port: 0 } });
    const flags = {
      transport: "http",
      "upstream-url": "http://127.0.0.1:9/mcp",
      "upstream-token": "env:UNSET_UPSTREAM",
    };
    const settings = serveSettings(flags, {}, "/", user);
    const storage = unusedStorage();
    const started = startServing({
      settings,
      services: { env: {} },
      cwd: "/",
      storage,
      manifestPath,
      version: "t",
      log: () => {},
    });
    await expect(started).rejects.toMatchObject({ code: "MISSING_ENV" });
  });
});
