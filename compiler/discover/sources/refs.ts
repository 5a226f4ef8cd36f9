/**
 * The `$ref`s of a spec: which are followed is decided in `ref-rules.ts`; a refused one gets
 * a diagnostic at the `$ref`, and nothing is fetched or read for it. A file that is followed is
 * checked again after resolving symlinks. Referenced files are loaded up front, transitively, so
 * resolving later is synchronous.
 * https://spec.openapis.org/oas/v3.1.0#reference-object
 */
import { realpath, stat } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import type { DiagnosticCode, Severity, SourceLocation } from "../../codes/diagnostics.js";
import { getAtPointer } from "../../load/pointer.js";
import { readInput, recordInput } from "../shared/inputs.js";
import { MAX_SPEC_BYTES } from "./fetch.js";
import { parseSpec, type SpecDocument } from "./parse.js";
import { classifyRef, inside, OUTSIDE_HINT, outsideMessage, refSites } from "./ref-rules.js";

/** Where a refs problem is reported. */
export type SpecReporter = (
  severity: Severity,
  code: DiagnosticCode,
  message: string,
  at: Partial<SourceLocation>,
  hint?: string,
) => void;

/** What a `$ref` points to: the document, the JSON pointer inside it, and the value there. */
export interface RefTarget {
  document: SpecDocument;
  pointer: string;
  value: unknown;
  /** Stable identity (`<document id>#<pointer>`), used for `$defs` names and cycle checks. */
  key: string;
}

/** Files one spec may pull in through `$ref`s. */
const MAX_FILES = 500;

/** A spec's documents and the way its `$ref`s resolve. */
export class SpecRefs {
  readonly root: SpecDocument;
  readonly #report: SpecReporter;
  /** Absolute path → loaded document, or null when it could not be used (already reported). */
  readonly #files = new Map<string, SpecDocument | null>();
  readonly #reported = new Set<string>();
  #rootReal: string | undefined;

  private constructor(root: SpecDocument, report: SpecReporter) {
    this.root = root;
    this.#report = report;
  }

  /** Loads every file the root reaches through `$ref`s, reporting refused and broken ones. */
  static async load(root: SpecDocument, report: SpecReporter): Promise<SpecRefs> {
    const refs = new SpecRefs(root, report);
    if (root.dir !== undefined) {
      refs.#rootReal = await realpath(root.dir).catch(() => root.dir);
      refs.#files.set(resolve(root.location), root);
    }
    const queue = [root];
    for (let document = queue.shift(); document; document = queue.shift()) {
      for (const site of refSites(document.value)) {
        const found = classifyRef(site.ref, document.dir, root.dir);
        if (found.kind === "refused") {
          refs.#once(document, site.ref, found.code, found.message, found.hint, site.pointer);
        } else if (found.file !== undefined && !refs.#files.has(found.file)) {
          const loaded = await refs.#loadFile(found.file, document, site);
          refs.#files.set(found.file, loaded);
          if (loaded) queue.push(loaded);
        }
      }
    }
    return refs;
  }

  /** The root with other data (a converted Swagger 2.0 document) but the same text and positions. */
  withRootValue(value: unknown): SpecRefs {
    const copy = new SpecRefs({ ...this.root, value }, this.#report);
    for (const [file, document] of this.#files)
      copy.#files.set(file, document === this.root ? copy.root : document);
    for (const key of this.#reported) copy.#reported.add(key);
    copy.#rootReal = this.#rootReal;
    return copy;
  }

  /** Every document read, root first (their text makes up the unit's source hash). */
  documents(): SpecDocument[] {
    const others = [...this.#files.values()].filter((d): d is SpecDocument => d !== null && d !== this.root);
    return [this.root, ...others];
  }

  /** Reports a problem at a pointer inside a document. */
  report(
    severity: Severity,
    code: DiagnosticCode,
    message: string,
    document: SpecDocument,
    pointer: string,
    hint?: string,
  ) {
    this.#report(severity, code, message, { file: document.location, ...document.locate(pointer) }, hint);
  }

  /** The target of `ref` written in `from`; undefined (reported once) when it cannot be followed. */
  resolve(ref: string, from: SpecDocument): RefTarget | undefined {
    const found = classifyRef(ref, from.dir, this.root.dir);
    if (found.kind === "refused") {
      this.#once(from, ref, found.code, found.message, found.hint);
      return undefined;
    }
    const document = found.file === undefined ? from : this.#files.get(found.file);
    if (!document) {
      if (document === undefined)
        this.#once(
          from,
          ref,
          "SPEC_REF_NOT_FOUND",
          `$ref ${JSON.stringify(ref)} names a file that was not loaded`,
          "check the path",
        );
      return undefined;
    }
    const value = getAtPointer(document.value, found.pointer);
    if (value === undefined) {
      this.#once(
        from,
        ref,
        "SPEC_REF_NOT_FOUND",
        `$ref ${JSON.stringify(ref)} points to nothing in ${document.id}`,
        "check the JSON pointer after # (names are case-sensitive; / is written ~1)",
      );
      return undefined;
    }
    return { document, pointer: found.pointer, value, key: `${document.id}#${found.pointer}` };
  }

  /** Follows a chain of `$ref`s to an object that is not one; undefined (reported) on a cycle or a dead end. */
  deref(value: unknown, from: SpecDocument): { value: unknown; document: SpecDocument } | undefined {
    let current = { value, document: from };
    const seen = new Set<string>();
    for (;;) {
      const ref = (current.value as { $ref?: unknown } | null)?.$ref;
      if (typeof current.value !== "object" || current.value === null || typeof ref !== "string")
        return current;
      const target = this.resolve(ref, current.document);
      if (!target) return undefined;
      if (seen.has(target.key)) {
        this.#once(
          current.document,
          ref,
          "SPEC_REF_CYCLE",
          `$ref ${JSON.stringify(ref)} refers back to itself`,
          "break the cycle of $refs",
        );
        return undefined;
      }
      seen.add(target.key);
      current = { value: target.value, document: target.document };
    }
  }

  async #loadFile(
    file: string,
    from: SpecDocument,
    site: { ref: string; pointer: string },
  ): Promise<SpecDocument | null> {
    const fail = (code: DiagnosticCode, message: string, hint: string) => {
      this.#once(from, site.ref, code, message, hint, site.pointer);
      return null;
    };
    if (this.#files.size >= MAX_FILES) {
      return fail(
        "SPEC_REF_LIMIT",
        `the spec refers to more than ${MAX_FILES} files`,
        "bundle the spec into fewer files",
      );
    }
    recordInput(file);
    let real: string;
    try {
      real = await realpath(file);
    } catch {
      return fail(
        "SPEC_REF_NOT_FOUND",
        `$ref ${JSON.stringify(site.ref)} names a file that does not exist`,
        "check the path, which is relative to the file holding the $ref",
      );
    }
    if (this.#rootReal === undefined || !inside(this.#rootReal, real)) {
      return fail("SPEC_REF_OUTSIDE", outsideMessage(site.ref), OUTSIDE_HINT);
    }
    const info = await stat(real);
    if (!info.isFile() || info.size > MAX_SPEC_BYTES) {
      return fail(
        "SPEC_REF_UNREADABLE",
        `$ref ${JSON.stringify(site.ref)} names something that is not a file of at most ${MAX_SPEC_BYTES} bytes`,
        "refer to a spec file",
      );
    }
    const id = relative(this.root.dir as string, file)
      .split(sep)
      .join("/");
    const text = await readInput(file, real);
    const result = parseSpec(text, { id, location: file, dir: dirname(file) });
    if (result.document) return result.document;
    const { message, line, column } = result.problem;
    this.#report(
      "error",
      "SPEC_SYNTAX",
      `the document is not valid JSON or YAML: ${message}`,
      line === undefined ? { file } : { file, line, column },
      "fix the document at this position",
    );
    return null;
  }

  /** Reports a problem with `ref` in `document` once, at `pointer` when known. */
  #once(
    document: SpecDocument,
    ref: string,
    code: DiagnosticCode,
    message: string,
    hint: string,
    pointer?: string,
  ): void {
    const key = `${document.location}\n${ref}`;
    if (this.#reported.has(key)) return;
    this.#reported.add(key);
    const at = pointer === undefined ? siteOf(document, ref) : pointer;
    this.#report(
      "error",
      code,
      message,
      at === undefined ? { file: document.location } : { file: document.location, ...document.locate(at) },
      hint,
    );
  }
}

/** The first place `ref` is written in `document`, for positions of problems found late. */
function siteOf(document: SpecDocument, ref: string): string | undefined {
  for (const site of refSites(document.value)) if (site.ref === ref) return site.pointer;
  return undefined;
}
