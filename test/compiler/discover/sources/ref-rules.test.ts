import { describe, expect, it } from "vitest";
import { classifyRef, refSites } from "../../../../compiler/discover/sources/ref-rules.js";

const ROOT = "/specs/api";

describe("classifyRef", () => {
  it.each([
    ["#/components/schemas/Pet", ROOT, { kind: "file", file: undefined, pointer: "/components/schemas/Pet" }],
    [
      "#/components/schemas/A%20B",
      ROOT,
      { kind: "file", file: undefined, pointer: "/components/schemas/A B" },
    ],
    ["./pet.yaml#/Pet", ROOT, { kind: "file", file: "/specs/api/pet.yaml", pointer: "/Pet" }],
    ["pet.yaml", `${ROOT}/schemas`, { kind: "file", file: "/specs/api/schemas/pet.yaml", pointer: "" }],
    ["../api.yaml#/x", `${ROOT}/schemas`, { kind: "file", file: "/specs/api/api.yaml", pointer: "/x" }],
  ])("follows %s (from %s)", (ref, from, want) => {
    expect(classifyRef(ref, from, ROOT)).toEqual(want);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", ROOT, "SPEC_REF_REMOTE"],
    ["HTTPS://example.test/x.json", ROOT, "SPEC_REF_REMOTE"],
    ["//example.test/x.json", ROOT, "SPEC_REF_REMOTE"],
    ["file:///etc/passwd", ROOT, "SPEC_REF_REFUSED"],
    ["C:/Windows/win.ini", ROOT, "SPEC_REF_REFUSED"],
    ["jar:file:/x!/y", ROOT, "SPEC_REF_REFUSED"],
    ["/etc/passwd", ROOT, "SPEC_REF_OUTSIDE"],
    ["../outside.yaml", ROOT, "SPEC_REF_OUTSIDE"],
    ["%2e%2e/outside.yaml", ROOT, "SPEC_REF_OUTSIDE"],
    ["schemas/../../outside.yaml", ROOT, "SPEC_REF_OUTSIDE"],
    ["../api-evil/x.yaml", ROOT, "SPEC_REF_OUTSIDE"],
    ["x.yaml%00.json", ROOT, "SPEC_REF_OUTSIDE"],
    ["x.yaml", undefined, "SPEC_REF_REMOTE"],
    ["#Pet", ROOT, "SPEC_REF_INVALID"],
  ])("refuses %s", (ref, from, code) => {
    expect(classifyRef(ref, from, ROOT)).toMatchObject({ kind: "refused", code });
  });
});

describe("refSites", () => {
  it("finds $refs but not inside data keywords or extensions", () => {
    const value = {
      a: { $ref: "#/x" },
      b: [{ $ref: "y.yaml" }],
      example: { $ref: "http://data" },
      enum: [{ $ref: "http://data" }],
      "x-vendor": { $ref: "http://ext" },
      "a/b": { $ref: "#/z" },
    };
    expect([...refSites(value)]).toEqual([
      { ref: "#/x", pointer: "/a/$ref" },
      { ref: "y.yaml", pointer: "/b/0/$ref" },
      { ref: "#/z", pointer: "/a~1b/$ref" },
    ]);
  });
});
