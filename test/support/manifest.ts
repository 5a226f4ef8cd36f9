/** A compiled manifest read the way the runtime reads it: shared schema definitions put back. */
import {
  checkManifest,
  FULL_FIELDS_FORMAT,
  type Manifest,
  type ManifestOperation,
} from "../../runtime/contract/manifest.js";

/** `text` (a manifest.json) parsed and expanded; no text gives an empty manifest. */
export function parsedManifest(text: string | undefined): Manifest {
  if (text === undefined) return { units: [] } as unknown as Manifest;
  return checkManifest(JSON.parse(text));
}

/** A manifest in the runtime's own (expanded) form holding one GraphQL unit, `gh`, with `operations`. */
export function graphqlManifest(operations: ManifestOperation[]): Manifest {
  return {
    format: FULL_FIELDS_FORMAT,
    generator: "unitc",
    settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
    units: [
      {
        id: "gh",
        kind: "graphql",
        name: "GitHub",
        description: "",
        tags: [],
        exposure: "direct",
        shadowing: "forbid",
        connection: { kind: "graphql", endpointUrl: "https://example.com/graphql" } as never,
        operations,
        sourceHash: "sha256:0",
      },
    ],
  };
}
