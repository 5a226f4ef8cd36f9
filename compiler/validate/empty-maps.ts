/**
 * Empty maps that would otherwise pass in silence: an `actions: {}` gives a unit with no operations,
 * and a plural map with no entries gives no unit at all.
 */

import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import { joinPointer } from "../load/pointer.js";
import type { SourceMap } from "../load/source-map.js";
import { BACKENDS, isObject, type UnitFileBackend } from "../shared/backends.js";

type Data = Record<string, unknown>;

/** The backends whose entries hold an `actions` map. */
const ACTION_KINDS = new Set(["http", "cli"]);

/**
 * A warning, not an error: the file is valid and the unit harmless (it is most likely still being
 * written), and an error would stop the whole project from compiling over it.
 */
function noActions(pointer: string, sourceMap: SourceMap): Diagnostic {
  return createDiagnostic(
    "warning",
    "NO_ACTIONS",
    '"actions" is empty, so the unit has no operations',
    sourceMap.locateKey(`${pointer}/actions`),
    "add an action, or remove the unit (or set disabled: true) until it has one",
  );
}

function emptyActions(entry: unknown): boolean {
  return isObject(entry) && isObject(entry.actions) && Object.keys(entry.actions).length === 0;
}

/** `actions: {}` in the entries of a config file's `httpApis` and `cliTools`. */
export function checkConfigActions(config: Data, sourceMap: SourceMap): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const { kind, configMap } of BACKENDS) {
    const map = config[configMap];
    if (!ACTION_KINDS.has(kind) || !isObject(map)) continue;
    for (const [id, entry] of Object.entries(map))
      if (emptyActions(entry)) diagnostics.push(noActions(joinPointer(`/${configMap}`, id), sourceMap));
  }
  return diagnostics;
}

/**
 * A unit file whose every backend block is an empty plural map declares no backend (an error, as
 * for a file with none); an empty map beside others is a warning. `actions: {}` is a warning.
 */
export function checkUnitFileMaps(backends: readonly UnitFileBackend[], sourceMap: SourceMap): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const empty = backends.filter((b) => b.plural && Object.keys(b.value).length === 0);
  if (empty.length > 0 && empty.length === backends.length) {
    const [first] = empty;
    diagnostics.push(
      createDiagnostic(
        "error",
        "NO_BACKEND",
        `"${first?.property}" is empty, so the unit declares no backend`,
        sourceMap.locateKey(`/${first?.property}`),
        `add an entry to ${first?.property}, or write one backend block such as httpApi, cliTools, mcpServer or openapiEndpoint`,
      ),
    );
  } else {
    for (const block of empty) {
      diagnostics.push(
        createDiagnostic(
          "warning",
          "EMPTY_MAP",
          `"${block.property}" is empty, so it adds no unit`,
          sourceMap.locateKey(`/${block.property}`),
          `add an entry to ${block.property}, or remove it`,
        ),
      );
    }
  }
  for (const block of backends) {
    if (!ACTION_KINDS.has(block.info.kind)) continue;
    if (!block.plural) {
      if (emptyActions(block.value)) diagnostics.push(noActions(`/${block.property}`, sourceMap));
      continue;
    }
    for (const [childId, child] of Object.entries(block.value))
      if (emptyActions(child))
        diagnostics.push(noActions(joinPointer(`/${block.property}`, childId), sourceMap));
  }
  return diagnostics;
}
