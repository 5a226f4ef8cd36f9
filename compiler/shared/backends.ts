/** The backend kinds, and where each appears in a config file and in a unit file. */

export type BackendKind = "mcp" | "openapi" | "discovery" | "graphql" | "http" | "cli" | "unitSet";

export interface BackendInfo {
  kind: BackendKind;
  /** Map of entries keyed by unit ID in a config file. */
  configMap: string;
  /** Single backend block in a unit file. */
  singular: string;
  /** Plural map of children in a unit file (`cliTools` doubles as both, told apart by `actions`). */
  plural: string;
  /** Whether `auth` must be stated (spec Authentication rule 1). */
  authRequired: boolean;
}

export const BACKENDS: readonly BackendInfo[] = [
  { kind: "mcp", configMap: "mcpServers", singular: "mcpServer", plural: "mcpServers", authRequired: false },
  {
    kind: "openapi",
    configMap: "openapiEndpoints",
    singular: "openapiEndpoint",
    plural: "openapiEndpoints",
    authRequired: true,
  },
  {
    kind: "discovery",
    configMap: "vendorDiscoveryApis",
    singular: "vendorDiscoveryApi",
    plural: "vendorDiscoveryApis",
    authRequired: true,
  },
  {
    kind: "graphql",
    configMap: "graphqlEndpoints",
    singular: "graphqlEndpoint",
    plural: "graphqlEndpoints",
    authRequired: true,
  },
  { kind: "http", configMap: "httpApis", singular: "httpApi", plural: "httpApis", authRequired: true },
  { kind: "cli", configMap: "cliTools", singular: "cliTools", plural: "cliTools", authRequired: false },
  { kind: "unitSet", configMap: "unitSets", singular: "unitSet", plural: "unitSets", authRequired: false },
];

/** Separator between a parent unit ID and a plural child ID in the child's runtime handle. */
export const CHILD_SEPARATOR = "__";

/** The runtime handle of a plural child: `<parent_id>__<child_id>`. */
export function childHandle(parentId: string, childId: string): string {
  return `${parentId}${CHILD_SEPARATOR}${childId}`;
}

type Data = Record<string, unknown>;

const isObject = (value: unknown): value is Data =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A backend declared by a unit file: its singular block, or one plural map. */
export interface UnitFileBackend {
  info: BackendInfo;
  /** The property holding it (`httpApi`, `httpApis`, `cliTools`). */
  property: string;
  plural: boolean;
  value: Data;
}

/** Lists the backend blocks a unit file's frontmatter declares, singular and plural. */
export function unitFileBackends(frontmatter: Data): UnitFileBackend[] {
  const found: UnitFileBackend[] = [];
  for (const info of BACKENDS) {
    if (info.kind === "cli") {
      const value = frontmatter.cliTools;
      if (isObject(value))
        found.push({ info, property: "cliTools", plural: !Object.hasOwn(value, "actions"), value });
      continue;
    }
    const single = frontmatter[info.singular];
    if (isObject(single)) found.push({ info, property: info.singular, plural: false, value: single });
    const many = frontmatter[info.plural];
    if (isObject(many)) found.push({ info, property: info.plural, plural: true, value: many });
  }
  return found;
}

export { isObject };
