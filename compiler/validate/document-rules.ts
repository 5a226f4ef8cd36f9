/**
 * Rules a JSON Schema cannot state, checked on one document after schema validation: what only the
 * user config may set, unit IDs unique across a config's maps, one backend per unit file, the
 * reserved `actions` child ID, and auth present where it cannot be inherited.
 */
import { BACKENDS, isObject, unitFileBackends } from "../backends.js";
import { createDiagnostic, type Diagnostic } from "../diagnostics.js";
import type { LoadedConfigFile, LoadedUnitFile } from "../load/documents.js";
import { joinPointer } from "../load/pointer.js";
import { RESERVED_IDS } from "../load/units-root.js";

const USER_ONLY_FIELDS = ["storage", "telemetry"] as const;

/** Rules for one parsed, schema-checked config file. */
export function checkConfigRules(document: LoadedConfigFile): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const config = document.value;
  if (!isObject(config)) return diagnostics;
  const { sourceMap } = document;
  if (document.scope !== "user") {
    if (Object.hasOwn(config, "serve")) {
      diagnostics.push(
        createDiagnostic(
          "warning",
          "SERVE_IGNORED",
          "serve settings in a project config are ignored; they belong to the user config",
          sourceMap.locateKey("/serve"),
          "move serve to the user config ($XDG_CONFIG_HOME/units/config.json) or pass serve flags",
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
          "move it to the user config ($XDG_CONFIG_HOME/units/config.json)",
        ),
      );
    }
  }
  const firstSeen = new Map<string, string>();
  for (const { configMap } of BACKENDS) {
    const entries = config[configMap];
    if (!isObject(entries)) continue;
    for (const id of Object.keys(entries)) {
      const pointer = joinPointer(`/${configMap}`, id);
      diagnostics.push(...checkReservedId(id, document, pointer));
      const earlier = firstSeen.get(id);
      if (earlier === undefined) {
        firstSeen.set(id, pointer);
        continue;
      }
      const first = sourceMap.locateKey(earlier);
      diagnostics.push(
        createDiagnostic(
          "error",
          "DUPLICATE_ID",
          `unit ID "${id}" is already used at line ${first.line} (${earlier})`,
          sourceMap.locateKey(pointer),
          "unit IDs must be unique across all maps: rename one of them",
        ),
      );
    }
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

/** Rules for one parsed, schema-checked unit file. */
export function checkUnitFileRules(document: LoadedUnitFile): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const frontmatter = document.value;
  if (!isObject(frontmatter)) return diagnostics;
  const { sourceMap } = document;
  const backends = unitFileBackends(frontmatter);
  const singular = backends.filter((b) => !b.plural);

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
    const second = backends.find((b) => b !== singular[0]) ?? backends[1];
    diagnostics.push(
      createDiagnostic(
        "error",
        "MULTIPLE_BACKENDS",
        `"${singular[0]?.property}" cannot be combined with "${second?.property}" in one unit file`,
        sourceMap.locateKey(`/${second?.property}`),
        "a unit file holds one singular backend block, or plural maps that describe one provider suite: split it into two unit files",
      ),
    );
  }

  const childSeen = new Map<string, string>();
  const hasParentAuth = isObject(frontmatter.auth);
  let inheritsAuth = false;
  for (const backend of backends) {
    if (!backend.plural) continue;
    for (const [childId, child] of Object.entries(backend.value)) {
      const pointer = joinPointer(`/${backend.property}`, childId);
      diagnostics.push(...checkReservedId(childId, document, pointer));
      const earlier = childSeen.get(childId);
      if (earlier !== undefined) {
        diagnostics.push(
          createDiagnostic(
            "error",
            "DUPLICATE_ID",
            `child ID "${childId}" is already used at ${earlier}`,
            sourceMap.locateKey(pointer),
            "child IDs must be unique across the unit's plural maps: rename one",
          ),
        );
      } else {
        childSeen.set(childId, pointer);
      }
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

  const cli = frontmatter.cliTools;
  if (isObject(cli) && isObject(cli.actions) && Object.hasOwn(cli.actions, "actions")) {
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
