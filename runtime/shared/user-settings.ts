/**
 * The serving person's own settings laid over a compiled bundle. A committed bundle depends on the
 * project alone, so the user config's `options.exposure` and search limits are applied here, when
 * serving: the exposure to the units whose exposure no unit, parent or project config set (the
 * manifest marks them `exposureDefaulted`), the search limits over the bundle's.
 */
import type { Exposure, Manifest } from "../contract/manifest.js";

/** What a user config says about how a bundle is served. */
export interface UserServingSettings {
  /** `options.exposure`. */
  exposure?: Exposure;
  defaultSearchLimit?: number;
  maxSearchLimit?: number;
}

/** The manifest as served under `user`'s settings (the same object when they change nothing). */
export function withUserSettings(manifest: Manifest, user: UserServingSettings | undefined): Manifest {
  if (!user) return manifest;
  const { exposure, defaultSearchLimit, maxSearchLimit } = user;
  let served = manifest;
  if (exposure !== undefined && manifest.units.some((unit) => unit.exposureDefaulted)) {
    const units = manifest.units.map((unit) => (unit.exposureDefaulted ? { ...unit, exposure } : unit));
    served = { ...served, units };
  }
  if (defaultSearchLimit !== undefined || maxSearchLimit !== undefined) {
    const max = maxSearchLimit ?? manifest.settings.maxSearchLimit;
    // The bundle's default follows a lower maximum down, as at compile; so does a user's own.
    const fallback = defaultSearchLimit ?? manifest.settings.defaultSearchLimit;
    served = { ...served, settings: { defaultSearchLimit: Math.min(fallback, max), maxSearchLimit: max } };
  }
  return served;
}
