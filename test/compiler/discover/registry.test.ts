/**
 * The backend table and the discoverers are closed registries keyed by the backend kind union (the
 * discoverers by the kinds discovery compiles, which must be the manifest's `Invoke` kinds): a kind
 * half-added does not compile, which the `@ts-expect-error` lines below hold to when this file is
 * type-checked.
 */
import { describe, expect, it } from "vitest";
import { DISCOVERERS, type KindsAgree } from "../../../compiler/discover/index.js";
import type { Discoverer } from "../../../compiler/discover/shared/types.js";
import { BACKEND_INFO, BACKENDS } from "../../../compiler/shared/backends.js";
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
const { cli: _cli, ...withoutCli } = BACKEND_INFO;
// @ts-expect-error: cli is a backend kind, so a table without its entry does not compile
const tableMissing: typeof BACKEND_INFO = withoutCli;
const tableExtra: typeof BACKEND_INFO = {
  ...BACKEND_INFO,
  // @ts-expect-error: soap is not a backend kind
  soap: { configMap: "soapServices", singular: "soapService", plural: "soapServices", authRequired: true },
};
// The registry's type demands one more property when backend and `Invoke` kinds differ either way.
const same: KindsAgree<"http" | "cli", "cli" | "http"> = {};
// @ts-expect-error: a backend kind with no Invoke member
const moreBackends: KindsAgree<"http" | "cli" | "soap", "cli" | "http"> = {};
// @ts-expect-error: an Invoke member with no backend kind
const moreInvokes: KindsAgree<"http" | "cli", "cli" | "http" | "soap"> = {};

describe("the backend table and the discoverers", () => {
  it("do not compile with a kind missing or added, or with backend and invoke kinds apart", () => {
    expect(typeErrorsIn(import.meta.filename)).toEqual([]);
    expect(Object.keys(tableMissing)).not.toContain("cli");
    expect(Object.keys(tableExtra)).toContain("soap");
    expect(Object.keys(missing)).not.toContain("mcp");
    expect(Object.keys(extra)).toContain("soap");
    expect([same, moreBackends, moreInvokes]).toEqual([{}, {}, {}]);
  });

  it("list every backend kind once, in the table's order", () => {
    expect(BACKENDS.map((b) => [b.kind, b.configMap])).toEqual([
      ["mcp", "mcpServers"],
      ["openapi", "openapiEndpoints"],
      ["discovery", "vendorDiscoveryApis"],
      ["graphql", "graphqlEndpoints"],
      ["http", "httpApis"],
      ["cli", "cliTools"],
      ["unitSet", "unitSets"],
    ]);
  });

  it("have no discoverer for unitSet, whose children are discovered instead", () => {
    const kinds = BACKENDS.map((b) => b.kind).filter((k) => k !== "unitSet");
    expect(Object.keys(DISCOVERERS).sort()).toEqual(kinds.sort());
  });
});
