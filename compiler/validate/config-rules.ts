/**
 * Rules a JSON Schema cannot state, checked on one config file after schema validation: what only the
 * user config may set, unit IDs unique across the config's maps, a vault key for shared storage,
 * search limits in order and unique namespace alias labels.
 */
import { providerReach } from "../../runtime/storage/providers.js";
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import type { LoadedConfigFile } from "../load/documents.js";
import { joinPointer } from "../load/pointer.js";
import { BACKENDS, isObject } from "../shared/backends.js";
import { checkReservedId, checkSearchLimits, type IdEntry, laterDuplicates } from "./document-rules.js";
import { checkConfigActions } from "./empty-maps.js";

const USER_ONLY_FIELDS = ["storage"] as const;
/** Settings a project config may hold but that only the user config's take effect. */
const IGNORED_IN_PROJECT = {
  serve: "SERVE_IGNORED",
  telemetry: "TELEMETRY_IGNORED",
  namespaceAliases: "NAMESPACE_ALIASES_IGNORED",
} as const;

/** Rules for one parsed, schema-checked config file. */
export function checkConfigRules(document: LoadedConfigFile): Diagnostic[] {
  const config = document.value;
  if (!isObject(config)) return [];
  const { sourceMap } = document;
  const diagnostics = document.scope !== "user" ? checkProjectFields(config, document) : [];
  diagnostics.push(...checkStorageKey(config, document), ...checkConfigActions(config, sourceMap));
  // Report the later of two entries sharing an ID, whichever map each sits in.
  const entries: IdEntry[] = [];
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
  for (const [entry, earlier] of laterDuplicates(entries)) {
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

/** What a project config sets that only the user config's takes effect, or may set at all. */
function checkProjectFields(config: Record<string, unknown>, document: LoadedConfigFile): Diagnostic[] {
  const { sourceMap } = document;
  const diagnostics: Diagnostic[] = [];
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
  return diagnostics;
}

/**
 * A shared provider without `vaultKey` is valid by the schema (the field is optional on every
 * provider) but the store refuses to open, since a key made on one machine would lock out the others.
 */
function checkStorageKey(config: Record<string, unknown>, document: LoadedConfigFile): Diagnostic[] {
  const storage = config.storage;
  if (document.scope !== "user" || !isObject(storage) || storage.vaultKey !== undefined) return [];
  if (typeof storage.provider !== "string" || providerReach(storage.provider) !== "shared") return [];
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
