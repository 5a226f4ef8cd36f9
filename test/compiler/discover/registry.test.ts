/**
 * The discoverers are a closed registry keyed by the kinds discovery compiles, which must be the
 * manifest's `Invoke` kinds: a kind half-added does not compile, which the `@ts-expect-error` lines
 * below hold to when this file is type-checked.
 */
import { describe, expect, it } from "vitest";
import { DISCOVERERS, type KindsAgree } from "../../../compiler/discover/index.js";
import type { Discoverer } from "../../../compiler/discover/types.js";
import { typeErrorsIn } from "../../support/type-errors.js";

const none: Discoverer = () => undefined;
const { mcp: _mcp, ...withoutMcp } = DISCOVERERS;
// @ts-expect-error: mcp is a kind discovery compiles, so a registry without its discoverer does not compile
const missing: typeof DISCOVERERS = withoutMcp;
const extra: typeof DISCOVERERS = {
  ...DISCOVERERS,
  // @ts-expect-error: soap is not a backend kind, so neither is its discoverer
  soap: none,
};
// The registry's type demands one more property when backend and `Invoke` kinds differ either way.
const same: KindsAgree<"http" | "cli", "cli" | "http"> = {};
// @ts-expect-error: a backend kind with no Invoke member
const moreBackends: KindsAgree<"http" | "cli" | "soap", "cli" | "http"> = {};
// @ts-expect-error: an Invoke member with no backend kind
const moreInvokes: KindsAgree<"http" | "cli", "cli" | "http" | "soap"> = {};

describe("the discoverer registry", () => {
  it("does not compile with a kind missing or added, or with backend and invoke kinds apart", () => {
    expect(typeErrorsIn(import.meta.filename)).toEqual([]);
    expect(Object.keys(missing)).not.toContain("mcp");
    expect(Object.keys(extra)).toContain("soap");
    expect([same, moreBackends, moreInvokes]).toEqual([{}, {}, {}]);
  });

  it("has no discoverer for unitSet, whose children are discovered instead", () => {
    expect(Object.hasOwn(DISCOVERERS, "unitSet")).toBe(false);
  });
});
