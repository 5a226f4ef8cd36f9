/** The served catalogue's merge: the project's units, the user's own units, an upstream's. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CatalogUnit } from "../../../../runtime/serve/shared/catalog.js";
import { mergeUnits } from "../../../../runtime/serve/shared/merge.js";

const unit = (id: string, shadowing: CatalogUnit["shadowing"] = "forbid"): CatalogUnit => ({
  id,
  name: id,
  description: `${id} unit`,
  tags: [],
  exposure: "direct",
  shadowing,
  sourceHash: id,
  operations: [],
});

const served = (result: ReturnType<typeof mergeUnits>) => result.units.map((u) => `${u.id}:${u.source.kind}`);
const hash4 = (identity: string) => createHash("sha256").update(identity).digest("hex").slice(0, 4);
const upstream = (units: CatalogUnit[]) => ({ url: "http://127.0.0.1:1/mcp", units });

describe("mergeUnits with the user's own units", () => {
  it("serves them beside the project's", () => {
    const result = mergeUnits({ local: [unit("shared")], user: [unit("mine")] });
    expect(served(result)).toEqual(["mine:user", "shared:local"]);
    expect(result.notices).toEqual([]);
  });

  it("a project unit of the same ID wins, and a notice says so", () => {
    const result = mergeUnits({ local: [unit("shared")], user: [unit("shared"), unit("mine")] });
    expect(served(result)).toEqual(["mine:user", "shared:local"]);
    expect(result.notices).toEqual(["user unit shared is not served: the project's unit of that ID is"]);
  });

  it("an upstream unit's shadowing applies to a user unit as to a project one", () => {
    const forbid = mergeUnits({ local: [], user: [unit("mine")], upstream: upstream([unit("mine")]) });
    expect(served(forbid)).toEqual(["mine:upstream"]);
    const allow = mergeUnits({
      local: [],
      user: [unit("mine")],
      upstream: upstream([unit("mine", "allow")]),
    });
    expect(served(allow)).toEqual(["mine:user"]);
    const both = mergeUnits({
      local: [],
      user: [unit("mine")],
      upstream: upstream([unit("mine", "namespace")]),
    });
    expect(served(both)).toEqual([
      `upstream-${hash4("http://127.0.0.1:1/mcp")}__mine:upstream`,
      `user-${hash4("user")}__mine:user`,
    ]);
  });
});
