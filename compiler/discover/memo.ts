/**
 * What discovery remembers between builds (watch mode): per unit, the IR and diagnostics it produced,
 * under a key of its resolved config and the hashes of the local files it read. A unit whose key and
 * files are unchanged is not discovered again: no spec parsed, no MCP server started.
 */

import type { Diagnostic } from "../codes/diagnostics.js";
import type { ResolvedSettings, ResolvedUnit } from "../resolve/types.js";
import { contentHash } from "../shared/canonical.js";
import { FileHashes } from "../shared/file-hashes.js";
import type { UnitIR } from "./shared/types.js";

interface Entry {
  key: string;
  /** Where the unit was declared, and the hash of that file: positions in diagnostics depend on them. */
  origin: string;
  /** Local files read, and the hash of the text that was read. */
  inputs: Map<string, string>;
  remote: boolean;
  ir: UnitIR | undefined;
  diagnostics: Diagnostic[];
}

/** The outcome of discovering one unit. */
export interface UnitOutcome {
  ir: UnitIR | undefined;
  diagnostics: Diagnostic[];
  /** Local files the discovery read, and the hash of the text it got (see `inputs.ts`). */
  inputs: Map<string, string>;
  /** True when it reached a fetched document or an MCP server. */
  remote: boolean;
}

export class DiscoverMemo {
  readonly files = new FileHashes();
  readonly #entries = new Map<string, Entry>();

  /** The key of a unit's config: everything discovery reads from it but positions. */
  key(unit: ResolvedUnit, settings: ResolvedSettings): string {
    const { source: _source, origin: _origin, ...config } = unit;
    return contentHash({ config, options: settings.options });
  }

  async #origin(unit: ResolvedUnit): Promise<string> {
    const { file, pointer, line, column } = unit.origin;
    return `${file}#${pointer}@${line}:${column}/${await this.files.hash(file)}`;
  }

  /** The remembered outcome when nothing it depends on changed; the IR carries `unit` as given now. */
  async recall(unit: ResolvedUnit, key: string): Promise<UnitOutcome | undefined> {
    const entry = this.#entries.get(unit.id);
    if (!entry || entry.key !== key) return undefined;
    const files = [...entry.inputs.keys()];
    const hashes = await this.files.all(files);
    if (hashes.some((hash, i) => hash !== entry.inputs.get(files[i] as string))) return undefined;
    const origin = await this.#origin(unit);
    if (entry.diagnostics.length > 0 && entry.origin !== origin) return undefined;
    // The same IR object when nothing about the unit moved, so emit can reuse its files too.
    const same = entry.origin === origin;
    return {
      ir: entry.ir && !same ? { ...entry.ir, unit } : entry.ir,
      diagnostics: entry.diagnostics,
      inputs: entry.inputs,
      remote: entry.remote,
    };
  }

  /** Remembers an outcome. */
  async remember(unit: ResolvedUnit, key: string, outcome: UnitOutcome): Promise<void> {
    this.#entries.set(unit.id, {
      key,
      origin: await this.#origin(unit),
      inputs: outcome.inputs,
      remote: outcome.remote,
      ir: outcome.ir,
      diagnostics: outcome.diagnostics,
    });
  }

  /** Forgets units that are no longer in the project. */
  retain(ids: ReadonlySet<string>): void {
    for (const id of this.#entries.keys()) if (!ids.has(id)) this.#entries.delete(id);
  }
}
