/** Both code catalogues as one list, and docs/codes.md's generated tables kept in step. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allCodes, closestCodes, codesMarkdown, findCode } from "../../cli/code-catalogue.js";

describe("code catalogue", () => {
  it("lists compiler codes, then runtime codes, each in order", () => {
    const codes = allCodes();
    const compiler = codes.filter((c) => c.origin === "compiler").map((c) => c.code);
    const runtime = codes.filter((c) => c.origin === "runtime").map((c) => c.code);
    expect(compiler).toEqual([...compiler].sort());
    expect(runtime).toEqual([...runtime].sort());
    expect(codes.map((c) => c.code)).toEqual([...compiler, ...runtime]);
    expect(compiler.length).toBeGreaterThan(90);
    expect(runtime).toContain("MCP_SCHEMA_DRIFT");
  });

  it("gives every code of both catalogues a summary, a hint and an example", () => {
    const lacking = allCodes().filter((c) => !c.summary.trim() || !c.hint.trim() || !c.example?.trim());
    expect(lacking.map((c) => c.code)).toEqual([]);
  });

  it("finds a code written in lower case or with dashes", () => {
    expect(findCode("unknown-property")).toMatchObject([{ code: "UNKNOWN_PROPERTY", origin: "compiler" }]);
    expect(findCode("NOPE")).toEqual([]);
  });

  it("suggests the closest codes", () => {
    expect(closestCodes("YAML_SINTAX", 1)).toEqual(["YAML_SYNTAX"]);
  });

  it("is what docs/codes.md lists (npm run build && npm run gen:codes to update)", async () => {
    const page = await readFile(join(import.meta.dirname, "../../docs/codes.md"), "utf8");
    const start = "<!-- codes:start (npm run gen:codes) -->\n";
    const section = page.slice(page.indexOf(start) + start.length, page.indexOf("<!-- codes:end -->"));
    expect(section).toBe(`${codesMarkdown()}\n`);
  });
});
