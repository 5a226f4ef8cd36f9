/** Defaults are read from the config schema, through $ref and allOf. */
import { describe, expect, it } from "vitest";
import { defsDefault, schemaDefault } from "../../../compiler/resolve/defaults.js";

describe("schema defaults", () => {
  it.each([
    ["graphqlEndpointFields", "selectionDepth", 2],
    ["httpApiFields", "maxResponseBytes", 200000],
    ["cliToolsFields", "timeoutMs", 60000],
    ["remoteRequestFields", "requestTimeoutMs", 60000],
  ])("%s.%s defaults to %s", (definition, property, want) => {
    expect(defsDefault(definition, property)).toBe(want);
  });

  it("follows property paths from the root", () => {
    expect(schemaDefault("defaultSearchLimit")).toBe(20);
    expect(schemaDefault("maxSearchLimit")).toBe(50);
  });

  it("throws for a field that declares no default, so a missing default is caught", () => {
    expect(() => defsDefault("httpApiFields", "baseUrl")).toThrow(/no default declared/);
  });
});
