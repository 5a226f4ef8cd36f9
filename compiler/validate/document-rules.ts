/**
 * Rules a JSON Schema cannot state, checked on one document after schema validation: what only the
 * user config may set, unit IDs unique across a config's maps, one backend per unit file, the
 * reserved `actions` child ID, auth present where it cannot be inherited, a vault key for shared
 * storage, search limits in order and unique namespace alias labels.
 */

import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import type { LoadedConfigFile, LoadedUnitFile } from "../load/documents.js";
import { joinPointer } from "../load/pointer.js";
import { RESERVED_IDS } from "../load/units-root.js";
import { BACKENDS, isObject, unitFileBackends } from "../shared/backends.js";
import { checkConfigActions, checkUnitFileMaps } from "./empty-maps.js";

const USER_ONLY_FIELDS = ["storage"] as const;
/** Settings a project config may hold but that only the user config's take effect. */
const IGNORED_IN_PROJECT = {
  serve: "SERVE_IGNORED",
  telemetry: "TELEMETRY_IGNORED",
  namespaceAliases: "NAMESPACE_ALIASES_IGNORED",
} as const;
/** Providers every replica shares: they never make a vault key, so one must be configured. */
const SHARED_PROVIDERS = new Set(["postgresql", "object_store"]);

/** Rules for one parsed, schema-checked config file. */
export function checkConfigRules(document: LoadedConfigFile): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const config = document.value;
  if (!isObject(config)) return diagnostics;
  const { sourceMap } = document;
  if (document.scope !== "user") {
    for (const [field, code] of Object.entries(IGNORED_IN_PROJECT)) {
      if (!Object.hasOwn(config, field)) continue;
      const flags = field === "serve" ? " or pass serve flags" : "";
      diagnostics.push(
        createDiagnostic(
          "warning",
          code,
          `${field} settings in a project config are ignored; they belong to the user config`,
          sourceMap.locateKey(`/${field}`),
          `move ${field} to the user config ($XDG_CONFIG_HOME/unitc/config.json)${flags}`,
        ),
      );
    }
    for (const field of USER_ONLY_FIELDS) {
      if (!Object.hasOwn(config, field)) continue;
      diagnostics.push(
        createDiagnostic(
          "error",
          "USER_CONFIG_ONLY",
          `"${field}" can only be set in the user config`,
          sourceMap.locateKey(`/${field}`),
          "move it to the user config ($XDG_CONFIG_HOME/unitc/config.json)",
        ),
      );
    }
  }
  diagnostics.push(...checkStorageKey(config, document), ...checkConfigActions(config, sourceMap));
  // Report the later of two entries sharing an ID, whichever map each sits in.
  const entries: { id: string; pointer: string; line: number; column: number }[] = [];
  for (const { configMap } of BACKENDS) {
    const map = config[configMap];
    if (!isObject(map)) continue;
    for (const [id, entry] of Object.entries(map)) {
      const pointer = joinPointer(`/${configMap}`, id);
      diagnostics.push(...checkReservedId(id, document, pointer));
      if (configMap === "unitSets" && isObject(entry))
        diagnostics.push(...checkSearchLimits(entry, pointer, document));
      entries.push({ id, pointer, ...sourceMap.locateKey(pointer) });
    }
  }
  entries.sort((a, b) => a.line - b.line || a.column - b.column);
  const firstSeen = new Map<string, (typeof entries)[number]>();
  for (const entry of entries) {
    const earlier = firstSeen.get(entry.id);
    if (earlier === undefined) {
      firstSeen.set(entry.id, entry);
      continue;
    }
    const duplicate = createDiagnostic(
      "error",
      "DUPLICATE_ID",
      `unit ID "${entry.id}" is already used at line ${earlier.line} (${earlier.pointer})`,
      sourceMap.locateKey(entry.pointer),
      "unit IDs must be unique across all maps: rename one of them",
    );
    duplicate.notes = [
      { ...sourceMap.locateKey(earlier.pointer), message: `"${entry.id}" is first declared here` },
    ];
    diagnostics.push(duplicate);
  }
  diagnostics.push(...checkSearchLimits(config, "", document), ...checkNamespaceAliases(config, document));
  return diagnostics;
}

/**
 * A shared provider without `vaultKey` is valid by the schema (the field is optional on every
 * provider) but the store refuses to open, since a key made on one machine would lock out the others.
 */
function checkStorageKey(config: Record<string, unknown>, document: LoadedConfigFile): Diagnostic[] {
  const storage = config.storage;
  if (document.scope !== "user" || !isObject(storage) || storage.vaultKey !== undefined) return [];
  if (typeof storage.provider !== "string" || !SHARED_PROVIDERS.has(storage.provider)) return [];
  return [
    createDiagnostic(
      "warning",
      "STORAGE_NO_VAULT_KEY",
      `storage provider ${storage.provider} has no vaultKey, so the store will not open`,
      document.sourceMap.locateKey("/storage"),
      "set storage.vaultKey to env:NAME or file:/abs/path holding 32 random bytes as base64url, the same on every replica",
    ),
  ];
}

/** `defaultSearchLimit` may not exceed `maxSearchLimit` when one object sets both. */
function checkSearchLimits(
  settings: Record<string, unknown>,
  pointer: string,
  document: { sourceMap: LoadedConfigFile["sourceMap"] },
): Diagnostic[] {
  const { defaultSearchLimit, maxSearchLimit } = settings;
  if (typeof defaultSearchLimit !== "number" || typeof maxSearchLimit !== "number") return [];
  if (defaultSearchLimit <= maxSearchLimit) return [];
  return [
    createDiagnostic(
      "error",
      "SEARCH_LIMIT_ABOVE_MAX",
      `defaultSearchLimit (${defaultSearchLimit}) is greater than maxSearchLimit (${maxSearchLimit})`,
      document.sourceMap.locate(`${pointer}/defaultSearchLimit`),
      `lower defaultSearchLimit to at most ${maxSearchLimit}, or raise maxSearchLimit`,
    ),
  ];
}

/** Namespace alias labels (local and upstream) must be unique. */
function checkNamespaceAliases(config: Record<string, unknown>, document: LoadedConfigFile): Diagnostic[] {
  const aliases = config.namespaceAliases;
  if (!isObject(aliases)) return [];
  const labels: { label: unknown; pointer: string }[] = [];
  if (aliases.local !== undefined) labels.push({ label: aliases.local, pointer: "/namespaceAliases/local" });
  if (isObject(aliases.upstreams)) {
    for (const [origin, label] of Object.entries(aliases.upstreams))
      labels.push({ label, pointer: joinPointer("/namespaceAliases/upstreams", origin) });
  }
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, string>();
  for (const { label, pointer } of labels) {
    if (typeof label !== "string") continue;
    const earlier = seen.get(label);
    if (earlier === undefined) {
      seen.set(label, pointer);
      continue;
    }
    diagnostics.push(
      createDiagnostic(
        "error",
        "DUPLICATE_ALIAS_LABEL",
        `namespace alias label "${label}" is already used at line ${document.sourceMap.locate(earlier).line} (${earlier})`,
        document.sourceMap.locate(pointer),
        "each namespace alias label must be unique: choose another label",
      ),
    );
  }
  return diagnostics;
}

function checkReservedId(
  id: string,
  document: { sourceMap: LoadedConfigFile["sourceMap"] },
  pointer: string,
): Diagnostic[] {
  if (!RESERVED_IDS.has(id)) return [];
  return [
    createDiagnostic(
      "error",
      "RESERVED_ID",
      `"${id}" is reserved and cannot be a unit ID`,
      document.sourceMap.locateKey(pointer),
      "choose another ID",
    ),
  ];
}

/** Child IDs are reserved-word free and unique across a unit's plural maps; the later one is reported. */
function checkChildIds(
  backends: ReturnType<typeof unitFileBackends>,
  document: LoadedUnitFile,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const children: { id: string; pointer: string; line: number; column: number }[] = [];
  for (const backend of backends) {
    if (!backend.plural) continue;
    for (const childId of Object.keys(backend.value)) {
      const pointer = joinPointer(`/${backend.property}`, childId);
      diagnostics.push(...checkReservedId(childId, document, pointer));
      children.push({ id: childId, pointer, ...document.sourceMap.locateKey(pointer) });
    }
  }
  children.sort((a, b) => a.line - b.line || a.column - b.column);
  const seen = new Map<string, (typeof children)[number]>();
  for (const child of children) {
    const earlier = seen.get(child.id);
    if (earlier === undefined) {
      seen.set(child.id, child);
      continue;
    }
    diagnostics.push(
      createDiagnostic(
        "error",
        "DUPLICATE_ID",
        `child ID "${child.id}" is already used at line ${earlier.line} (${earlier.pointer})`,
        document.sourceMap.locateKey(child.pointer),
        "child IDs must be unique across the unit's plural maps: rename one",
      ),
    );
  }
  return diagnostics;
}

/** Rules for one parsed, schema-checked unit file. */
export function checkUnitFileRules(document: LoadedUnitFile): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const frontmatter = document.value;
  if (!isObject(frontmatter)) return diagnostics;
  const { sourceMap } = document;
  const backends = unitFileBackends(frontmatter);
  const singular = backends.filter((b) => !b.plural);

  diagnostics.push(...checkUnitFileMaps(backends, sourceMap));
  if (backends.length === 0) {
    diagnostics.push(
      createDiagnostic(
        "error",
        "NO_BACKEND",
        "the unit declares no backend",
        sourceMap.locate(""),
        "add one backend block such as httpApi, cliTools, mcpServer or openapiEndpoint",
      ),
    );
  } else if (singular.length > 0 && backends.length > 1) {
    // Point at the second block in file order: the first one is where the unit started.
    const [first, second] = backends
      .map((b) => ({ property: b.property, at: sourceMap.locateKey(`/${b.property}`) }))
      .sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
    diagnostics.push(
      createDiagnostic(
        "error",
        "MULTIPLE_BACKENDS",
        `"${second?.property}" cannot be combined with "${first?.property}" in one unit file`,
        second?.at,
        "a unit file holds one singular backend block, or plural maps that describe one provider suite: split it into two unit files",
      ),
    );
  }

  const hasParentAuth = isObject(frontmatter.auth);
  let inheritsAuth = false;
  diagnostics.push(...checkChildIds(backends, document));
  for (const backend of backends) {
    if (!backend.plural) continue;
    for (const [childId, child] of Object.entries(backend.value)) {
      const pointer = joinPointer(`/${backend.property}`, childId);
      if (!isObject(child) || Object.hasOwn(child, "auth")) continue;
      if (backend.info.authRequired || (backend.info.kind === "mcp" && Object.hasOwn(child, "url"))) {
        if (hasParentAuth) inheritsAuth = true;
        else if (backend.info.authRequired) {
          diagnostics.push(
            createDiagnostic(
              "error",
              "MISSING_AUTH",
              `"${childId}" states no auth and the unit has no shared auth to inherit`,
              sourceMap.locateKey(pointer),
              "add auth to the child or to the unit (use { type: none } for public APIs)",
            ),
          );
        }
      }
    }
  }
  if (hasParentAuth && !inheritsAuth) {
    diagnostics.push(
      createDiagnostic(
        "warning",
        "UNUSED_AUTH",
        "the unit-level auth is inherited by no plural remote backend entry",
        sourceMap.locateKey("/auth"),
        "move it into the backend block, or remove it",
      ),
    );
  }

  for (const backend of backends) {
    if (backend.info.kind !== "unitSet") continue;
    if (!backend.plural)
      diagnostics.push(...checkSearchLimits(backend.value, `/${backend.property}`, document));
    else
      for (const [childId, child] of Object.entries(backend.value))
        if (isObject(child))
          diagnostics.push(
            ...checkSearchLimits(child, joinPointer(`/${backend.property}`, childId), document),
          );
  }

  // A key `actions` makes cliTools the singular form, so a plural child named `actions` is read as
  // the action map, and the child's own `actions` map as an action. A real action has a `command`.
  const cli = frontmatter.cliTools;
  const named = isObject(cli) && isObject(cli.actions) ? cli.actions.actions : undefined;
  if (isObject(named) && typeof named.command !== "string") {
    diagnostics.push(
      createDiagnostic(
        "error",
        "RESERVED_CHILD_ID",
        '"actions" is reserved for the singular cliTools form and cannot be a plural child ID',
        sourceMap.locateKey("/cliTools/actions"),
        "rename the child (for example actions-tool)",
      ),
    );
  }
  return diagnostics;
}
