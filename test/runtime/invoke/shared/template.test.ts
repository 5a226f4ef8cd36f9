/** Path templates: one grammar of `{name}` placeholders for configured HTTP actions and OpenAPI paths. */
import { describe, expect, it } from "vitest";
import {
  fillPath,
  pathPlaceholders,
  replacePlaceholders,
} from "../../../../runtime/invoke/shared/template.js";

describe("path placeholders", () => {
  it.each<[string, string[]]>([
    ["/users/{id}", ["id"]],
    ["/repos/{owner}/{repo}/issues/{issue_number}", ["owner", "repo", "issue_number"]],
    ["/files/{file-name}.{ext}", ["file-name", "ext"]],
    ["/a/{x.y}/{with space}", ["x.y", "with space"]],
    ["/plain", []],
    ["/odd/{/x}", ["/x"]],
  ])("%s has the placeholders %j", (path, want) => {
    expect(pathPlaceholders(path)).toEqual(want);
  });

  it("replaces each placeholder through the given function, leaving the rest", () => {
    expect(replacePlaceholders("/a/{x}/b/{y}", (name) => name.toUpperCase())).toBe("/a/X/b/Y");
  });

  it("fills an action's path with one percent-encoded segment per value, refusing dot-segments", () => {
    expect(fillPath("/users/{id}/{tag}", { id: "a/b c", tag: 7 })).toBe("/users/a%2Fb%20c/7");
    expect(() => fillPath("/users/{id}", { id: ".." })).toThrow(/dot-segment/);
    expect(() => fillPath("/users/{id}", {})).toThrow(/missing/);
  });
});
