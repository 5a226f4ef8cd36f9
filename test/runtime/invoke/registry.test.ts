/**
 * The invokers are a closed registry keyed by the manifest's `Invoke` union: a kind half-added (in
 * the union without an invoker, or an invoker for a kind the union lacks) does not compile, which
 * the `@ts-expect-error` lines below hold to when this file is type-checked. A loaded manifest that
 * names a kind outside the union is still answered clearly, at call time.
 */
import { describe, expect, it } from "vitest";
import { UnitError } from "../../../runtime/contract/errors.js";
import type { Invoke } from "../../../runtime/contract/manifest.js";
import { INVOKERS, type InvokeKind, type Invoker, invokerFor } from "../../../runtime/invoke/index.js";
import { typeErrorsIn } from "../../support/type-errors.js";

const inProcess: Invoker = async () => ({ value: 1, truncated: false });
const { mcp: _mcp, ...withoutMcp } = INVOKERS;
// @ts-expect-error: the union has mcp, so a registry without its invoker does not compile
const missing: typeof INVOKERS = withoutMcp;
const extra: typeof INVOKERS = {
  ...INVOKERS,
  // @ts-expect-error: soap is not in the union, so neither is its invoker
  soap: inProcess,
};
// @ts-expect-error: the union has no catch-all member, so an unknown kind is not an Invoke
const unknownKind: Invoke = { kind: "soap" };

describe("the invoker registry", () => {
  it("does not compile with a kind missing or added, or an Invoke of an unknown kind", () => {
    expect(typeErrorsIn(import.meta.filename)).toEqual([]);
    expect(Object.keys(missing)).not.toContain("mcp");
    expect(Object.keys(extra)).toContain("soap");
    expect(unknownKind.kind).toBe("soap");
  });

  it("has an invoker for each kind", () => {
    for (const kind of Object.keys(INVOKERS) as InvokeKind[]) {
      expect(invokerFor({ kind })).toBe(INVOKERS[kind]);
    }
  });

  it("refuses a loaded manifest's kind outside the union with UNSUPPORTED_BACKEND", () => {
    const loaded = JSON.parse('{ "kind": "teleport" }') as Invoke;
    let thrown: unknown;
    try {
      invokerFor(loaded);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnitError);
    expect((thrown as UnitError).code).toBe("UNSUPPORTED_BACKEND");
    expect((thrown as UnitError).message).toBe("this runtime cannot call teleport operations");
  });

  it("takes an extra invoker for an unknown kind, never in place of a built-in one", () => {
    expect(invokerFor(JSON.parse('{ "kind": "in-process" }') as Invoke, { "in-process": inProcess })).toBe(
      inProcess,
    );
    expect(invokerFor({ kind: "cli" }, { cli: inProcess })).toBe(INVOKERS.cli);
  });
});
