/**
 * Hand-written manifests for the login tests: units that carry a connection and no operations, which is
 * all `unitc auth` reads, written before any compile.
 */
import { writeFile } from "node:fs/promises";
import { type AuthConfig, MANIFEST_FORMAT, type ManifestUnit } from "../../runtime/contract/manifest.js";

/** An HTTP unit `id` calling `baseUrl` with `auth`. */
export function httpLoginUnit(id: string, baseUrl: string, auth: Record<string, unknown>): ManifestUnit {
  return loginUnit(id, {
    kind: "http",
    baseUrl,
    auth: auth as AuthConfig,
    requestTimeoutMs: 5000,
    maxResponseBytes: 100000,
  });
}

/** A remote MCP unit `id` at `url`, logging in with OAuth for `scopes`. */
export function mcpLoginUnit(id: string, url: string, scopes: string[]): ManifestUnit {
  return {
    ...loginUnit(id, {
      kind: "mcp",
      transport: "http",
      url,
      auth: { type: "oauth2", scopes },
      startupTimeoutMs: 10_000,
      callTimeoutMs: 10_000,
      maxResponseBytes: 100_000,
    } as ManifestUnit["connection"]),
    kind: "mcp",
  } as ManifestUnit;
}

function loginUnit(id: string, connection: ManifestUnit["connection"]): ManifestUnit {
  return {
    id,
    kind: "http",
    name: id,
    description: "",
    tags: [],
    exposure: "direct",
    shadowing: "forbid",
    connection,
    operations: [],
    sourceHash: "0".repeat(64),
  } as ManifestUnit;
}

/** A manifest of `units` written at `path`; the path back. */
export async function writeLoginManifest(path: string, units: ManifestUnit[]): Promise<string> {
  const manifest = {
    format: MANIFEST_FORMAT,
    generator: "unitc",
    settings: { defaultSearchLimit: 5, maxSearchLimit: 20 },
    units,
  };
  await writeFile(path, JSON.stringify(manifest));
  return path;
}
