/** The user's own bundle in a serving host: opened beside the project's, with the same services. */

import { servicesOf } from "../../invoke/shared/services.js";
import { BundleSlot } from "./bundle-slot.js";
import type { ServeHostOptions } from "./host.js";

/** Opens the user's bundle; one that cannot be opened is left out with a warning, never the project's. */
export function openUserSlot(
  options: ServeHostOptions,
  manifestPath: string | undefined,
  log: (line: string) => void,
): BundleSlot | undefined {
  if (!manifestPath) return undefined;
  try {
    return new BundleSlot({ ...slotOptions(options), source: { kind: "user" }, manifestPath }, log);
  } catch (error) {
    log(`warning: the user's units are not served: ${(error as Error).message}`);
    return undefined;
  }
}

/** What every bundle a host opens shares: its services, and the user's serving settings. */
export function slotOptions(options: ServeHostOptions) {
  return {
    services: servicesOf(options),
    ...(options.user ? { user: options.user } : {}),
  };
}
