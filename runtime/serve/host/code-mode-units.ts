/**
 * Code Mode over everything a serving host shows, not only its project's bundle: the person's own
 * units and an upstream instance's units too, each under the ID it is served as. One runtime sends
 * each call wherever its unit lives, and one set of declarations covers every unit (a bundle's own
 * declaration where it has one and the unit keeps its ID, else one written from the operations'
 * schemas), so `units.<id>`, `units.describe` and the type check agree with `search_tools`.
 */
import { createHash } from "node:crypto";
import type { CallOptions, UnitRuntime } from "../../calls/create-runtime.js";
import { UnitError } from "../../contract/errors.js";
import { hasCodeMode, type Manifest, type ManifestUnit } from "../../contract/manifest.js";
import { operationSignature } from "../../contract/signature.js";
import { type BundleDeclarations, loadDeclarations } from "../../sandbox/declarations/declarations.js";
import { unitsGlobalDeclaration } from "../../sandbox/declarations/units-global.js";
import type { CallOutcome } from "../sessions/context.js";
import type { ServedUnit } from "../shared/catalog.js";

/** A bundle of this host: its manifest and the folder of its Code Mode declarations. */
export interface BundlePlace {
  manifest: Manifest;
  dir: string;
}

/** A bundle with its declarations read (none for a manifest held in memory). */
interface CodeModeBundle {
  manifest: Manifest;
  declarations: BundleDeclarations | undefined;
}

export interface CodeModeSources {
  /** What the host serves now, sorted by served ID. */
  units: readonly ServedUnit[];
  project: BundlePlace;
  user?: BundlePlace;
  /** Calls an operation (its source name) of a served unit, wherever it lives. */
  call(unit: ServedUnit, operation: string, input: unknown, options?: CallOptions): Promise<CallOutcome>;
}

/** What a run over the served units gets: a runtime keyed by served ID and declarations to match. */
export interface ServedCodeMode {
  runtime: UnitRuntime;
  declarations: BundleDeclarations | undefined;
}

/** True when the project's bundle alone is what Code Mode reaches (each unit under its own ID). */
export function projectOnly(units: readonly ServedUnit[]): boolean {
  return units.every(
    (served) =>
      !hasCodeMode(served.unit.exposure) || (served.source.kind === "local" && served.id === served.unit.id),
  );
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const NAMESPACE = /^declare namespace Units\.([A-Za-z_$][\w$]*) \{/m;

/** The bundle a served unit's manifest entry and declaration come from (none for an upstream's). */
function bundleOf(served: ServedUnit, sources: Bundles): CodeModeBundle | undefined {
  if (served.source.kind === "local") return sources.project;
  if (served.source.kind === "user") return sources.user;
  return undefined;
}

/** The unit as the sandbox sees it: its bundle's entry, or the catalogue's, under its served ID. */
function manifestUnit(served: ServedUnit, sources: Bundles): ManifestUnit {
  const own = bundleOf(served, sources)?.manifest.units.find((unit) => unit.id === served.unit.id);
  // An upstream's unit has no connection here: its calls go to the upstream (see `invoke` below).
  const unit = own ?? (served.unit as unknown as ManifestUnit);
  return { ...unit, id: served.id };
}

/** A name not yet in `taken` for the namespace of a unit whose declaration is written here. */
function freeIdent(id: string, taken: Set<string>): string {
  const base = IDENTIFIER.test(id) ? id : `_${id.replace(/[^\w$]/g, "_")}`;
  let ident = base;
  for (let n = 2; taken.has(ident); n += 1) ident = `${base}_${n}`;
  return ident;
}

/** One line of a doc comment: the text cannot close the comment early. */
function docLine(text: string): string {
  return `/** ${text.split("\n")[0]?.replaceAll("*/", "*\\/") ?? ""} */`;
}

/** A unit's declaration written from its operations' schemas: a `Client` with one method each. */
function writtenDeclaration(unit: ManifestUnit, ident: string): string {
  const methods = unit.operations.map(
    (op) => `    ${docLine(op.description || op.name)}\n    ${operationSignature(op)};\n`,
  );
  return `declare namespace Units.${ident} {\n  interface Client {\n${methods.join("")}  }\n}\n`;
}

/** Declarations of every Code Mode unit in `units`, keyed by served ID. */
function servedDeclarations(
  units: readonly ManifestUnit[],
  served: ReadonlyMap<string, ServedUnit>,
  sources: Bundles,
): BundleDeclarations {
  const texts = new Map<string, string>();
  const idents = new Map<string, string>();
  const taken = new Set<string>();
  // A bundle's own declaration first, the project's before the user's: it names its namespace.
  const ordered = [...units].sort((a, b) => rank(served.get(a.id)) - rank(served.get(b.id)));
  for (const unit of ordered) {
    const from = served.get(unit.id) as ServedUnit;
    const text =
      from.id === from.unit.id ? bundleOf(from, sources)?.declarations?.units.get(unit.id) : undefined;
    const ident = text === undefined ? undefined : NAMESPACE.exec(text)?.[1];
    if (text === undefined || ident === undefined || taken.has(ident)) continue;
    texts.set(unit.id, text);
    idents.set(unit.id, ident);
    taken.add(ident);
  }
  for (const unit of units) {
    if (texts.has(unit.id)) continue;
    const ident = freeIdent(unit.id, taken);
    taken.add(ident);
    texts.set(unit.id, writtenDeclaration(unit, ident));
    idents.set(unit.id, ident);
  }
  const members = units
    .map((unit) => {
      const key = IDENTIFIER.test(unit.id) ? unit.id : JSON.stringify(unit.id);
      return `  ${docLine(unit.description || unit.name)}\n  readonly ${key}: Units.${idents.get(unit.id)}.Client;\n`;
    })
    .join("");
  const own = unitsGlobalDeclaration(members);
  const combined = `${units.map((unit) => texts.get(unit.id) as string).join("\n")}\n${own}`;
  const version = createHash("sha256").update(combined).digest("hex").slice(0, 16);
  const byId = new Map(units.map((unit) => [unit.id, texts.get(unit.id) as string]));
  return { version, combined, own, units: byId, scope: "served" };
}

function rank(served: ServedUnit | undefined): number {
  return served?.source.kind === "local" ? 0 : served?.source.kind === "user" ? 1 : 2;
}

function unknownUnit(unitId: string): UnitError {
  return new UnitError("UNKNOWN_UNIT", `no unit ${JSON.stringify(unitId)} is served here`, {
    hint: "call search_tools or units.describe for the unit IDs",
  });
}

interface Bundles {
  project: CodeModeBundle;
  user?: CodeModeBundle;
}

function withDeclarations(place: BundlePlace): CodeModeBundle {
  return { manifest: place.manifest, declarations: loadDeclarations(place.dir) };
}

/** What was made for each snapshot (a snapshot never changes; a new one is made on every change). */
const made = new WeakMap<object, ServedCodeMode>();

/** Code Mode over every unit in `sources.units` under their served IDs, made once per `snapshot`. */
export function servedCodeMode(snapshot: object, sources: CodeModeSources): ServedCodeMode {
  let answer = made.get(snapshot);
  if (!answer) {
    const bundles: Bundles = {
      project: withDeclarations(sources.project),
      ...(sources.user ? { user: withDeclarations(sources.user) } : {}),
    };
    answer = build(sources, bundles);
    made.set(snapshot, answer);
  }
  return answer;
}

function build(sources: CodeModeSources, bundles: Bundles): ServedCodeMode {
  const served = new Map(sources.units.map((unit) => [unit.id, unit]));
  const units = sources.units.map((unit) => manifestUnit(unit, bundles));
  const manifest: Manifest = { ...sources.project.manifest, units };
  const operation = (unitId: string, name: string) => {
    const unit = units.find((candidate) => candidate.id === unitId);
    if (!unit) throw unknownUnit(unitId);
    const op = unit.operations.find((candidate) => candidate.name === name);
    if (!op) throw new UnitError("UNKNOWN_OPERATION", `unit ${unitId} has no operation ${name}`);
    return { unit, operation: op };
  };
  const invoke = (unitId: string, name: string, input?: unknown, options?: CallOptions) => {
    const unit = served.get(unitId);
    if (!unit) return Promise.reject(unknownUnit(unitId));
    return sources.call(unit, name, input, options);
  };
  const runtime: UnitRuntime = {
    manifest,
    operation,
    invoke,
    call: async <T>(unitId: string, name: string, input?: unknown, options?: CallOptions) =>
      (await invoke(unitId, name, input, options)).value as T,
    forward: (unitId) =>
      Promise.reject(new UnitError("UNSUPPORTED_BACKEND", `Code Mode does not forward to unit ${unitId}`)),
    // The bundles' runtimes belong to the host: this view closes nothing.
    close: async () => undefined,
  };
  const inCodeMode = units.filter((unit) => hasCodeMode(unit.exposure));
  const declarations = bundles.project.declarations
    ? servedDeclarations(inCodeMode, served, bundles)
    : undefined;
  return { runtime, declarations };
}
