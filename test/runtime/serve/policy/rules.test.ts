/**
 * Operation rules on their own: which operations read-only, allow and deny let through (deny
 * winning), how patterns match names and TypeScript names, and that a stored rules value that
 * cannot be read allows nothing rather than everything.
 */
import { describe, expect, it } from "vitest";
import {
  describeRules,
  operationRules,
  permits,
  type RuledOperation,
  readRules,
} from "../../../../runtime/serve/policy/rules.js";
import { permittedManifest } from "../../../../runtime/serve/policy/views.js";

const op = (name: string, extra: Partial<RuledOperation> = {}): RuledOperation => ({
  name,
  tsName: name.replace(/[^\w]/g, "_"),
  ...extra,
});

const list = op("repos/list", { invoke: { kind: "openapi", method: "GET" } });
const head = op("ping", { invoke: { kind: "http", method: "head" } });
const hinted = op("read_graph", { invoke: { kind: "mcp" }, annotations: { readOnlyHint: true } });
const remove = op("repos/delete", { invoke: { kind: "openapi", method: "DELETE" } });
const post = op("create", { invoke: { kind: "http", method: "POST" }, annotations: { readOnlyHint: false } });

describe("operation rules", () => {
  it("lets read-only through GET, HEAD and readOnlyHint operations only", () => {
    const rules = { readOnly: true as const };
    expect([list, head, hinted, remove, post].map((o) => permits(rules, "gh", o))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("matches patterns against unit.name and unit.tsName, and deny wins over allow", () => {
    const rules = operationRules({ allow: ["gh.repos_*"], deny: ["*.repos/delete"] });
    expect(permits(rules, "gh", list)).toBe(true);
    expect(permits(rules, "gh", remove)).toBe(false);
    expect(permits(rules, "other", list)).toBe(false);
    // `*` crosses dots: a discovery operation named youtube.videos.list matches *.list.
    expect(permits({ allow: ["*.list"] }, "yt", op("youtube.videos.list"))).toBe(true);
    expect(permits({ allow: ["gh.repos_?ist"] }, "gh", list)).toBe(true);
    expect(permits(undefined, "gh", remove)).toBe(true);
  });

  it("canonicalises rules and asks for nothing when none are given", () => {
    expect(operationRules({ readOnly: false, allow: [], deny: [] })).toBeUndefined();
    expect(operationRules({ deny: ["b.*", "a.*", "b.*"] })).toEqual({ deny: ["a.*", "b.*"] });
    expect(describeRules({ readOnly: true, deny: ["*.delete*"] })).toBe("read-only, deny *.delete*");
    expect(describeRules(undefined)).toBe("all operations");
    expect(() => operationRules({ allow: ["a b.c"] })).toThrow(/white space/);
  });

  it("reads stored rules that are not well formed as allowing nothing", () => {
    for (const bad of [null, "all", { allow: "gh.*" }, { readOnly: "yes" }, { deny: [1] }]) {
      expect(permits(readRules(bad), "gh", list), JSON.stringify(bad)).toBe(false);
    }
    expect(readRules({ readOnly: true })).toEqual({ readOnly: true });
  });

  it("cuts a manifest to the permitted operations, leaving out a unit with none", () => {
    const manifest = {
      units: [
        { id: "gh", operations: [list, remove] },
        { id: "writer", operations: [post] },
      ],
    } as unknown as Parameters<typeof permittedManifest>[0];
    const cut = permittedManifest(manifest, { readOnly: true });
    expect(cut.units.map((u) => [u.id, u.operations.map((o) => o.name)])).toEqual([["gh", ["repos/list"]]]);
    expect(permittedManifest(manifest, undefined)).toBe(manifest);
  });
});
