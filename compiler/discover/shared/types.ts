/** The IR the discover stage produces and emit consumes: units with their callable operations. */
import type { AccessTokenSource } from "../../../runtime/auth/tokens.js";
import type {
  Connection,
  Invoke,
  JsonSchema,
  ManifestUnit,
  ToolAnnotations,
} from "../../../runtime/contract/manifest.js";
import type { Diagnostic, DiagnosticCode, Severity, SourceLocation } from "../../codes/diagnostics.js";
import type { ResolvedUnit, ResolvedUnitOf } from "../../resolve/types.js";
import type { BackendKind } from "../../shared/backends.js";

export interface OperationIR {
  /** The name in the source (action key, operationId, tool name). */
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** The source marks it deprecated: its client method's comment gets `@deprecated`. */
  deprecated?: true;
  /** How to call it. CLI `cwd` is absolute here; emit makes it relative to the output folder. */
  invoke: Invoke;
  /** The name of the unit's group it sits in (see {@link ManifestExtras} `groups`). */
  group?: string;
  /** Short phrases its author gave for search (an action's or a GraphQL operation entry's `searchHints`). */
  searchHints?: string[];
  /**
   * Input and output types written by the unit's external type generator (see
   * {@link UnitIR.typesModule}): TypeScript type expressions over that module's exports, each export
   * referenced as `$types.<name>` (e.g. `$types.paths["/pets"]["get"]["parameters"]["query"]`; emit
   * writes an operation `operations` holds as `$types.operations["listPets"]…`: operation-refs.ts).
   * When absent, emit prints the type from the JSON Schema.
   */
  types?: { input?: string; output?: string };
}

/**
 * A TypeScript module an external generator (openapi-typescript, @graphql-codegen) wrote for a unit.
 * Only `export`ed type and interface declarations: no imports, no values, so it can be written as
 * `units/<id>/spec-types.ts` and, unchanged, nested as `namespace $types { … }` in Code Mode
 * declarations.
 */
export interface TypesModule {
  /** The generator and its version, for the file's header (`openapi-typescript 7.13.0`). */
  generator: string;
  text: string;
}

export interface UnitIR {
  unit: ResolvedUnit;
  connection: Connection;
  operations: OperationIR[];
  /**
   * Hash of what the operations and the declarations were derived from (config, spec text, tool
   * list); discovery adds the unit's name and description (`source-hash.ts`).
   */
  sourceHash: string;
  /** Unit-level manifest fields a backend adds: MCP resources and prompts, unit-set settings. */
  manifestExtras?: ManifestExtras;
  /** Types from an external generator, which operations' `types` refer to as `$types.<name>`. */
  typesModule?: TypesModule;
}

/** The optional `ManifestUnit` fields that come from discovery rather than from the unit's config. */
export type ManifestExtras = Pick<
  ManifestUnit,
  "resources" | "resourceTemplates" | "prompts" | "unitSet" | "groups"
>;

/** The unit of kind `K` (of any kind by default, as the union). */
type UnitOf<K extends BackendKind> = K extends BackendKind ? ResolvedUnitOf<K> : never;

/**
 * What a discoverer gets: the unit, narrowed to the kinds it handles, and a way to report at a
 * pointer inside its backend block.
 */
export interface DiscoverContext<K extends BackendKind = BackendKind> {
  unit: UnitOf<K>;
  report(severity: Severity, code: DiagnosticCode, message: string, pointer: string, hint?: string): void;
  /** Reports at an explicit position (inside a schema or operation document, say). */
  reportAt(
    severity: Severity,
    code: DiagnosticCode,
    message: string,
    at: Partial<SourceLocation>,
    hint?: string,
  ): void;
  /** Where OAuth units' stored tokens are read: the configured storage (default: the data folder's store). */
  oauth?: AccessTokenSource;
  /** `options.exposureDiscoveryTimeoutMs`, and whether a config set it (else it is the schema default). */
  discoveryTimeout?: { ms: number; set: boolean };
  /** Told once the unit's server has been started (spawned), so CPU-heavy units may begin meanwhile. */
  serverStarted?: () => void;
}

export type Discoverer<K extends BackendKind = BackendKind> = (
  context: DiscoverContext<K>,
) => Promise<UnitIR | undefined> | UnitIR | undefined;

export type { Diagnostic };
