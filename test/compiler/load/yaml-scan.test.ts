/**
 * The one-walk checks of a parsed YAML document: alias targets (the last anchor before the alias),
 * the alias cap, and duplicate keys compared like the yaml package's `uniqueKeys`.
 */
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { parseSpec } from "../../../compiler/discover/sources/parse.js";
import { MAX_YAML_ALIASES, scanYaml } from "../../../compiler/load/yaml-scan.js";

const scan = (text: string) => scanYaml(parseDocument(text, { uniqueKeys: false }));

describe("scanYaml", () => {
  it("maps each alias to the last node with its anchor before it", () => {
    const result = scan("a: &x 1\nb: *x\nc: &x [2]\nd: *x\ne: *missing\n");
    const targets = [...result.targets.values()].map((node) => node.toJSON());
    expect(targets).toEqual([1, [2]]);
    expect(result.tooManyAliases).toBeUndefined();
    expect(result.duplicateKey).toBeUndefined();
  });

  it("stops at the first alias over the cap", () => {
    const result = scan(
      `a: &a 1\nb: [${Array(MAX_YAML_ALIASES + 5)
        .fill("*a")
        .join(",")}]\n`,
    );
    expect(result.tooManyAliases?.range?.[0]).toBe("a: &a 1\nb: [".length + MAX_YAML_ALIASES * 3);
  });

  it.each([
    ["a: 1\nb: 2\na: 3\n", 10],
    ["outer:\n  x: 1\n  x: 2\n", 16],
    ["a: 1\n'a': 2\n", 5],
  ])("finds the duplicate key in %j", (text, offset) => {
    expect(scan(text).duplicateKey?.range?.[0]).toBe(offset);
  });

  it.each(["a: 1\n1: 2\n'1': 3\n", "a: {b: 1}\nb: {a: 1}\n"])("accepts distinct keys in %j", (text) => {
    expect(scan(text).duplicateKey).toBeUndefined();
  });
});

describe("parseSpec", () => {
  it("still refuses a YAML spec with a duplicate key, at its position", () => {
    const result = parseSpec("openapi: 3.1.0\npaths: {}\nopenapi: 3.0.0\n", {
      id: "api.yaml",
      location: "api.yaml",
    });
    expect(result.problem).toEqual({ message: "Map keys must be unique", line: 3, column: 1 });
  });
});
