/**
 * The packed search index (`search-index.json` as written) unpacks to exactly the index it was made
 * from, so ranking cannot tell them apart: on every bundle under generated/, and on documents whose
 * names and signatures do not follow the usual pattern.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { withRepeatsInline } from "../../../compiler/emit/manifest-repeats.js";
import { type Manifest, withDerivedFields } from "../../../runtime/contract/manifest.js";
import { buildSearchIndex, SearchIndex, searchIndexFile } from "../../../runtime/search/index.js";
import {
  packNumbers,
  packSearchIndex,
  unpackNumbers,
  unpackSearchIndex,
} from "../../../runtime/search/packed.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const bundles = readdirSync(join(ROOT, "generated")).map((name) => join(ROOT, "generated", name));

/** The manifest of a bundle as the compiler indexes it. */
const searchable = (dir: string) =>
  withRepeatsInline(
    withDerivedFields(JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Manifest),
  );

describe("packed search index", () => {
  it.each(bundles)("%s unpacks to the index it was made from, and ranks alike", (dir) => {
    const index = buildSearchIndex(searchable(dir));
    const text = searchIndexFile(searchable(dir));
    expect(unpackSearchIndex(JSON.parse(text))).toEqual(index);
    expect(text.length).toBeLessThan(JSON.stringify(index).length);
    const packed = SearchIndex.load(JSON.parse(text));
    const plain = SearchIndex.load(index);
    for (const query of ["list", "create a note", "get the weather forecast", "delete"]) {
      expect(packed.query(query, 10)).toEqual(plain.query(query, 10));
    }
  });

  it("is what the compile wrote beside the committed example manifest", () => {
    const dir = join(ROOT, "generated/basic");
    expect(readFileSync(join(dir, "search-index.json"), "utf8")).toBe(searchIndexFile(searchable(dir)));
  });

  it("keeps names and signatures that do not follow the usual pattern", () => {
    const index = buildSearchIndex({
      units: [
        {
          id: "a",
          name: "A",
          description: "",
          tags: [],
          operations: [
            {
              name: "get-item",
              tsName: "getItem",
              description: "Get",
              inputSchema: {},
              invoke: { kind: "cli" },
            },
            {
              name: "list/items",
              tsName: "list_items",
              description: "",
              inputSchema: {},
              invoke: { kind: "cli" },
            },
          ],
        },
        { id: "b", name: "B", description: "", tags: [], operations: [] },
        {
          id: "c",
          name: "C",
          description: "",
          tags: [],
          operations: [{ name: "x", tsName: "x", description: "", inputSchema: {}, invoke: { kind: "cli" } }],
        },
      ],
    });
    const odd = {
      ...index,
      documents: index.documents.map((doc, i) => (i === 1 ? { ...doc, signature: "other(): void" } : doc)),
    };
    const packed = packSearchIndex(odd);
    expect(packed.runs).toEqual(["a", 2, "c", 1]);
    expect(packed.documents[0]).toHaveLength(4);
    expect(packed.documents[1]).toEqual(["list/items", "", "other(): void"]);
    expect(unpackSearchIndex(JSON.parse(JSON.stringify(packed)))).toEqual(odd);
  });

  it.each([[[0, 31, 32, 1023, 1024, 32767, 32768, 2 ** 30]], [[]]])(
    "packs numbers %j and reads them back",
    (numbers) => {
      expect(unpackNumbers(packNumbers(numbers))).toEqual(numbers);
    },
  );

  it("packs the commonest terms in one character each", () => {
    expect(packNumbers([0, 31])).toHaveLength(2);
    expect(packNumbers([32])).toHaveLength(2);
  });

  it("refuses a term list holding a character it never writes", () => {
    expect(() => unpackNumbers("ab!")).toThrow(/unexpected "!" in a term list/);
  });
});
