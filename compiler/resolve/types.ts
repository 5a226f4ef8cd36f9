/** What the resolve stage produces: flat units with defaults applied, and the merged settings. */
import type {
  ConfirmSetting,
  Exposure,
  Shadowing,
  UnitAuditSetting,
  UnitDescription,
  UnitSetInfo,
} from "../../runtime/contract/manifest.js";
import type { Diagnostic } from "../codes/diagnostics.js";
import type { ConfigScope } from "../load/documents.js";
import type { SourceMap } from "../load/source-map.js";
import type { BackendKind } from "../shared/backends.js";
import type { BackendFields, ResolvedBackend } from "./backend-types.js";

export type { Exposure, Shadowing };

/** Where a unit was declared. */
export interface UnitOrigin {
  scope: ConfigScope;
  file: string;
  /** JSON pointer of the entry (config map entry, unit-file root, or plural child). */
  pointer: string;
  line: number;
  column: number;
}

/** What every unit has, whatever its backend. */
export interface UnitFields extends UnitDescription {
  /** No unit, parent or project config set `exposure`: serving applies the user's `options.exposure`. */
  exposureDefaulted?: true;
  setup?: Record<string, unknown>;
  projectBinding?: Record<string, unknown>;
  runtime?: Record<string, unknown>;
  catalog?: Record<string, unknown>;
  /** Operations serving confirms with the person before calling them; a plural child inherits its parent's. */
  confirm?: ConfirmSetting;
  /** What the audit log keeps of the unit's calls (arguments, redacted); a plural child inherits its parent's. */
  audit?: UnitAuditSetting;
  /** Search hints by operation name; a plural child inherits its parent's. */
  searchHints?: Record<string, string[]>;
  /** For plural children: the parent unit ID and the child ID. */
  parent?: { id: string; childId: string };
  /** For units brought in by unit sets: the enclosing sets and the settings they apply. */
  unitSet?: UnitSetInfo;
  /** Folder that relative paths in `backend` are resolved against. */
  baseDir: string;
  origin: UnitOrigin;
  /** Positions of backend fields: `source.map.locate(source.backendPointer + "/actions/x")`. */
  source: { map: SourceMap; backendPointer: string };
}

/** A unit of one backend kind: its backend block typed from the schema, defaults filled in. */
export type ResolvedUnitOf<K extends BackendKind> = UnitFields & {
  kind: K;
  /** Backend fields with the schema's defaults applied; secrets left as references. */
  backend: ResolvedBackend<K>;
  /**
   * The backend block as written (auth inherited, and a unit set's cache TTL passed down, where it
   * states none). Content hashes cover this, so filling a default never moves a hash, and "did the
   * author state it" is asked here.
   */
  declared: BackendFields[K];
};

/** One unit, ready for discovery, told apart by `kind`. Plural children are flattened to `<parent>__<child>`. */
export type ResolvedUnit = { [K in BackendKind]: ResolvedUnitOf<K> }[BackendKind];

/** Top-level settings merged from the user and project configs, defaults applied. */
export interface ResolvedSettings {
  defaultSearchLimit: number;
  maxSearchLimit: number;
  /** The search limits the bundle's manifest records: the project config's alone, defaults beneath. */
  bundleSearchLimits: { defaultSearchLimit: number; maxSearchLimit: number };
  telemetry: boolean;
  options: {
    /** The project config's `options.exposure`, else the schema default; never the user config's. */
    exposure: Exposure;
    /** True when the project config wrote `options.exposure`. */
    exposureSet: boolean;
    exposureDiscoveryTimeoutMs: number;
    /** True when a config wrote `exposureDiscoveryTimeoutMs` (the default never shortens a unit's startupTimeoutMs). */
    exposureDiscoveryTimeoutSet: boolean;
    exposureDiscoveryConcurrency: number;
  };
  completion: {
    discoveryTimeoutMs: number;
    overallTimeoutMs: number;
    cacheTtlMs: number;
    negativeCacheTtlMs: number;
  };
}

export interface ResolvedProject {
  units: ResolvedUnit[];
  settings: ResolvedSettings;
  diagnostics: Diagnostic[];
}
