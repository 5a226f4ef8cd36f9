/**
 * The serving defaults the config schema declares (`serve.host`, `serve.port`, `serve.path`, the
 * search limits), read from its `default` keywords so they are written once. The runtime never loads
 * the compiler, whose `schemaDefault` reads the same keywords for everything else.
 */
import configSchema from "../../../schemas/config.schema.json" with { type: "json" };

type Node = { default?: unknown; properties?: Record<string, Node> };

const schema = configSchema as unknown as { properties: Record<string, Node>; $defs: { serve: Node } };

/** The schema's default of `serve.<key>`. */
export function serveDefault<T>(key: "host" | "port" | "path"): T {
  return schema.$defs.serve.properties?.[key]?.default as T;
}

/** The schema's default of a top-level search limit. */
export function searchLimitDefault(key: "defaultSearchLimit" | "maxSearchLimit"): number {
  return schema.properties[key]?.default as number;
}
