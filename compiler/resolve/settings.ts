/**
 * Merges top-level settings: project config over user config, schema defaults beneath both. The
 * settings only serving reads (`serve`, `storage`, `namespaceAliases`, all the user config's) are not
 * here: the runtime's one reader of the user config (`userConfigOf`) types and reads them.
 */
import type { ConfigScope } from "../load/documents.js";
import { schemaDefault } from "./defaults.js";
import type { Exposure, ResolvedSettings } from "./types.js";

type Data = Record<string, unknown>;

/** The search limits `read` gives, defaults beneath. */
function searchLimits(read: (key: string) => unknown) {
  const maxSearchLimit = (read("maxSearchLimit") as number) ?? schemaDefault<number>("maxSearchLimit");
  // A default nobody wrote follows a lower maximum down; one written above it stays an error.
  const defaultSearchLimit =
    (read("defaultSearchLimit") as number) ??
    Math.min(schemaDefault<number>("defaultSearchLimit"), maxSearchLimit);
  return { defaultSearchLimit, maxSearchLimit };
}

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
  // The committed bundle depends on the project alone: a person's `options.exposure` is applied
  // when serving, to the units whose exposure nobody in the project set (`exposureDefaulted`).
  const own = configs.filter((c) => c.scope !== "user").at(-1);
  const projectOptions = (own?.value.options as Data | undefined) ?? {};
  const completion = section("completion");
  const { defaultSearchLimit, maxSearchLimit } = searchLimits(layered);
  const settings: ResolvedSettings = {
    defaultSearchLimit,
    maxSearchLimit,
    // The user's search limits, like their exposure, apply when serving.
    bundleSearchLimits: searchLimits((key) => own?.value[key]),
    telemetry: (user.telemetry as boolean | undefined) ?? schemaDefault<boolean>("telemetry"),
    options: {
      exposure: (projectOptions.exposure as Exposure) ?? schemaDefault<Exposure>("options", "exposure"),
      exposureSet: projectOptions.exposure !== undefined,
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
  return settings;
}
