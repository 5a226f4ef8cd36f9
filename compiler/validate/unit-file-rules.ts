/**
 * Rules a JSON Schema cannot state, checked on one unit file after schema validation: one backend
 * per unit file, child IDs unique and not reserved (`actions` among them), auth present where it
 * cannot be inherited, and search limits in order.
 */
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import type { LoadedUnitFile } from "../load/documents.js";
import { joinPointer } from "../load/pointer.js";
import type { SourceMap } from "../load/source-map.js";
import { isObject, unitFileBackends } from "../shared/backends.js";
import { checkReservedId, checkSearchLimits, type IdEntry, laterDuplicates } from "./document-rules.js";
import { checkUnitFileMaps } from "./empty-maps.js";

type Backends = ReturnType<typeof unitFileBackends>;

/** Rules for one parsed, schema-checked unit file. */
export function checkUnitFileRules(document: LoadedUnitFile): Diagnostic[] {
  const frontmatter = document.value;
  if (!isObject(frontmatter)) return [];
  const { sourceMap } = document;
  const backends = unitFileBackends(frontmatter);
  return [
    ...checkUnitFileMaps(backends, sourceMap),
    ...checkBackendCount(backends, sourceMap),
    ...checkChildIds(backends, document),
    ...checkChildAuth(frontmatter, backends, sourceMap),
    ...checkUnitSetLimits(backends, document),
    ...checkActionsChild(frontmatter, sourceMap),
  ];
}

/** A unit file declares a backend, and a singular one alone. */
function checkBackendCount(backends: Backends, sourceMap: SourceMap): Diagnostic[] {
  const singular = backends.filter((b) => !b.plural);
  if (backends.length === 0) {
    return [
      createDiagnostic(
        "error",
        "NO_BACKEND",
        "the unit declares no backend",
        sourceMap.locate(""),
        "add one backend block such as httpApi, cliTools, mcpServer or openapiEndpoint",
      ),
    ];
  }
  if (singular.length === 0 || backends.length === 1) return [];
  // Point at the second block in file order: the first one is where the unit started.
  const [first, second] = backends
    .map((b) => ({ property: b.property, at: sourceMap.locateKey(`/${b.property}`) }))
    .sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
  return [
    createDiagnostic(
      "error",
      "MULTIPLE_BACKENDS",
      `"${second?.property}" cannot be combined with "${first?.property}" in one unit file`,
      second?.at,
      "a unit file holds one singular backend block, or plural maps that describe one provider suite: split it into two unit files",
    ),
  ];
}

/** Child IDs are reserved-word free and unique across a unit's plural maps; the later one is reported. */
function checkChildIds(backends: Backends, document: LoadedUnitFile): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const children: IdEntry[] = [];
  for (const backend of backends) {
    if (!backend.plural) continue;
    for (const childId of Object.keys(backend.value)) {
      const pointer = joinPointer(`/${backend.property}`, childId);
      diagnostics.push(...checkReservedId(childId, document, pointer));
      children.push({ id: childId, pointer, ...document.sourceMap.locateKey(pointer) });
    }
  }
  for (const [child, earlier] of laterDuplicates(children)) {
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

/**
 * A plural child that needs auth and states none inherits the unit's; without one that is an error.
 * Unit-level auth that no child inherits is a warning.
 */
function checkChildAuth(
  frontmatter: Record<string, unknown>,
  backends: Backends,
  sourceMap: SourceMap,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const hasParentAuth = isObject(frontmatter.auth);
  let inheritsAuth = false;
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
  return diagnostics;
}

/** A unit set's search limits, singular or each plural child's, are in order. */
function checkUnitSetLimits(backends: Backends, document: LoadedUnitFile): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
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
  return diagnostics;
}

/**
 * A key `actions` makes cliTools the singular form, so a plural child named `actions` is read as
 * the action map, and the child's own `actions` map as an action. A real action has a `command`.
 */
function checkActionsChild(frontmatter: Record<string, unknown>, sourceMap: SourceMap): Diagnostic[] {
  const cli = frontmatter.cliTools;
  const named = isObject(cli) && isObject(cli.actions) ? cli.actions.actions : undefined;
  if (isObject(named) && typeof named.command !== "string") {
    return [
      createDiagnostic(
        "error",
        "RESERVED_CHILD_ID",
        '"actions" is reserved for the singular cliTools form and cannot be a plural child ID',
        sourceMap.locateKey("/cliTools/actions"),
        "rename the child (for example actions-tool)",
      ),
    ];
  }
  return [];
}
