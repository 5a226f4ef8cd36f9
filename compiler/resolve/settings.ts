/** Merges top-level settings: project config over user config, schema defaults beneath both. */
import type { ConfigScope } from "../load/documents.js";
import { schemaDefault } from "./defaults.js";
import type { Exposure, ResolvedSettings } from "./types.js";

type Data = Record<string, unknown>;

/** Resolves settings from the configs in precedence order (user first, project last). */
export function resolveSettings(configs: readonly { scope: ConfigScope; value: Data }[]): ResolvedSettings {
  const user = configs.find((c) => c.scope === "user")?.value ?? {};
  const layered = (key: string): unknown => {
    for (const config of [...configs].reverse())
      if (config.value[key] !== undefined) return config.value[key];
    return undefined;
  };
  const section = (key: string): Data => {
    const merged: Data = {};
    for (const config of configs) Object.assign(merged, (config.value[key] as Data | undefined) ?? {});
    return merged;
  };
  const options = section("options");
  const completion = section("completion");
  const maxSearchLimit = (layered("maxSearchLimit") as number) ?? schemaDefault<number>("maxSearchLimit");
  // A default nobody wrote follows a lower maximum down; one written above it stays an error.
  const defaultSearchLimit =
    (layered("defaultSearchLimit") as number) ??
    Math.min(schemaDefault<number>("defaultSearchLimit"), maxSearchLimit);
  const settings: ResolvedSettings = {
    defaultSearchLimit,
    maxSearchLimit,
    telemetry: (user.telemetry as boolean | undefined) ?? schemaDefault<boolean>("telemetry"),
    options: {
      exposure: (options.exposure as Exposure) ?? schemaDefault<Exposure>("options", "exposure"),
      exposureDiscoveryTimeoutMs:
        (options.exposureDiscoveryTimeoutMs as number) ??
        schemaDefault<number>("options", "exposureDiscoveryTimeoutMs"),
      exposureDiscoveryTimeoutSet: options.exposureDiscoveryTimeoutMs !== undefined,
      exposureDiscoveryConcurrency:
        (options.exposureDiscoveryConcurrency as number) ??
        schemaDefault<number>("options", "exposureDiscoveryConcurrency"),
    },
    completion: {
      discoveryTimeoutMs:
        (completion.discoveryTimeoutMs as number) ??
        schemaDefault<number>("completion", "discoveryTimeoutMs"),
      overallTimeoutMs:
        (completion.overallTimeoutMs as number) ?? schemaDefault<number>("completion", "overallTimeoutMs"),
      cacheTtlMs: (completion.cacheTtlMs as number) ?? schemaDefault<number>("completion", "cacheTtlMs"),
      negativeCacheTtlMs:
        (completion.negativeCacheTtlMs as number) ??
        schemaDefault<number>("completion", "negativeCacheTtlMs"),
    },
  };
  if (user.serve !== undefined) settings.serve = user.serve as Data;
  if (user.storage !== undefined) settings.storage = user.storage as Data;
  const aliases = layered("namespaceAliases");
  if (aliases !== undefined) settings.namespaceAliases = aliases as Data;
  return settings;
}
