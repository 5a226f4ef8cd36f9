// The demo's local services: every example service on a free port, and the throwaway storage the
// vault example's secret is set into with `unitc secret set`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../dist/cli/index.js";

/**
 * Starts the services; `closers` gets what stops them. Returns the fetch that sends the origins the
 * units name to where the services really listen.
 */
export async function startServices(env, closers) {
  const { startExampleServer } = await import("../examples/basic/server.mjs");
  const { startPetstoreServer } = await import("../examples/openapi/server.mjs");
  const { startLibraryServer } = await import("../examples/graphql/server.mjs");
  const { startYoutubeServer } = await import("../examples/discovery/server.mjs");
  const { startBoardServer } = await import("../examples/streamable/server.mjs");
  const { startSecureServer } = await import("../examples/secure/server.mjs");
  const { redirectingFetch } = await import("../examples/http-support.mjs");
  const secure = await startSecureServer({
    apiPort: 0,
    issuerPort: 0,
    journalToken: env.JOURNAL_TOKEN_VALUE,
    clientSecret: env.REPORTS_CLIENT_SECRET,
  });
  closers.push(() => secure.close());
  const services = [
    [
      "notes and weather (HTTP actions)",
      "http://127.0.0.1:4319",
      () => startExampleServer({ port: 0, notesToken: env.NOTES_TOKEN, weatherKey: env.WEATHER_KEY }),
    ],
    ["petstore (OpenAPI)", "http://127.0.0.1:4320", () => startPetstoreServer({ port: 0 })],
    [
      "library (GraphQL)",
      "http://127.0.0.1:4321",
      () => startLibraryServer({ port: 0, token: env.LIBRARY_TOKEN }),
    ],
    [
      "youtube (discovery document)",
      "http://127.0.0.1:4322",
      () => startYoutubeServer({ port: 0, apiKey: env.YOUTUBE_API_KEY }),
    ],
    ["board (MCP, Streamable HTTP)", "http://127.0.0.1:4323", () => startBoardServer({ port: 0 })],
    ["journal and reports (vault, OAuth)", "http://127.0.0.1:4324", async () => secure],
    ["authorization server (oidc-provider)", "http://127.0.0.1:4325", async () => ({ url: secure.issuer })],
  ];
  const origins = {};
  for (const [label, named, start] of services) {
    const server = await start();
    if (server !== secure && server.close) closers.push(() => server.close());
    origins[named] = server.url;
    console.log(`  ${label.padEnd(37)} ${server.url}  (the unit names ${named})`);
  }
  console.log("  memory (MCP over stdio)               started by the runtime on first call");
  return redirectingFetch(origins);
}

/**
 * A throwaway user config whose storage is a temp folder, the vault example's secret set in it by
 * `unitc secret set` (read from stdin, as a person would pipe it); returns the config's path, which
 * `createUnits({ userConfig })` opens at its first vault: reference.
 */
export async function throwawayUserConfig(root, env, closers) {
  const dir = mkdtempSync(join(tmpdir(), "unitc-demo-store-"));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const config = join(dir, "user.json");
  writeFileSync(config, JSON.stringify({ storage: { provider: "filesystem", path: join(dir, "store") } }));
  env.XDG_DATA_HOME = join(dir, "data");
  let said = "";
  const io = {
    stdout: (t) => {
      said += t;
    },
    stderr: (t) => {
      said += t;
    },
    cwd: root,
    env,
    stdin: async () => `${env.JOURNAL_TOKEN_VALUE}\n`,
  };
  const code = await runCli(["secret", "set", "JOURNAL_TOKEN", "--user-config", config], io);
  if (code !== 0) throw new Error(`unitc secret set failed: ${said.trim()}`);
  console.log(`  $ printf %s "$TOKEN" | unitc secret set JOURNAL_TOKEN --user-config <temp>/user.json`);
  console.log(`  ${said.trim()}`);
  return config;
}
