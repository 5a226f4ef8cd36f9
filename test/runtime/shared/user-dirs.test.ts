/** unitc's folders in the user's home: XDG bases, their defaults, and UNITC_CACHE_DIR for the cache. */
import { describe, expect, it } from "vitest";
import { unitcDir, xdgBase } from "../../../runtime/shared/user-dirs.js";

describe("unitc's folders", () => {
  it.each<[Parameters<typeof unitcDir>[0], Record<string, string>, string]>([
    ["data", { HOME: "/h" }, "/h/.local/share/unitc"],
    ["state", { HOME: "/h" }, "/h/.local/state/unitc"],
    ["cache", { HOME: "/h" }, "/h/.cache/unitc"],
    ["data", { HOME: "/h", XDG_DATA_HOME: "/x/data" }, "/x/data/unitc"],
    ["state", { HOME: "/h", XDG_STATE_HOME: "/x/state" }, "/x/state/unitc"],
    ["cache", { HOME: "/h", XDG_CACHE_HOME: "/x/cache" }, "/x/cache/unitc"],
    ["cache", { HOME: "/h", XDG_CACHE_HOME: "/x/cache", UNITC_CACHE_DIR: "/c" }, "/c"],
    ["data", { HOME: "/h", UNITC_CACHE_DIR: "/c" }, "/h/.local/share/unitc"],
  ])("%s with %j is %s", (kind, env, want) => {
    expect(unitcDir(kind, env)).toBe(want);
  });

  it("takes an empty XDG variable as unset, as the spec says", () => {
    expect(xdgBase("cache", { HOME: "/h", XDG_CACHE_HOME: "" })).toBe("/h/.cache");
  });
});
