/** A compiled manifest read the way the runtime reads it: shared schema definitions put back. */
import { checkManifest, type Manifest } from "../../runtime/contract/manifest.js";

/** `text` (a manifest.json) parsed and expanded; no text gives an empty manifest. */
export function parsedManifest(text: string | undefined): Manifest {
  if (text === undefined) return { units: [] } as unknown as Manifest;
  return checkManifest(JSON.parse(text));
}
