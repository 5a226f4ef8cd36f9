/** The manifest's default place, relative to the working folder (its own module: completion reads it without the runtime). */
export const DEFAULT_MANIFEST = "generated/manifest.json";
