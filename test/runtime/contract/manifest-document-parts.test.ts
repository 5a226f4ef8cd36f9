/**
 * Format 5 stores once the text a unit's GraphQL documents repeat (a type's selection under every
 * field that returns it): `unit.documentParts`, and `%<n>` where part n stood. Reading puts the
 * documents back whole, key order included, also through `manifest-offsets.json`; a unit whose
 * documents hold `%` keeps them whole, a format 4 manifest is read as written, and a part that is
 * not there is `MANIFEST_INVALID`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { manifestText } from "../../../compiler/emit/manifest-compact.js";
import { manifestOffsetsFile } from "../../../compiler/emit/manifest-offsets.js";
import { checkManifest, type ManifestOperation } from "../../../runtime/contract/manifest.js";
import { MANIFEST_OFFSETS_FILE, readManifestIndex } from "../../../runtime/contract/manifest-slice.js";
import { graphqlManifest } from "../../support/manifest.js";

const USER = "{login name email bio company location websiteUrl twitterUsername createdAt updatedAt}";
const MEMBERS = `{totalCount nodes${USER}}`;

function operation(name: string, document: string): ManifestOperation {
  return {
    name,
    tsName: name,
    description: `Run ${name}.`,
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
    annotations: { title: `Run ${name}.`, readOnlyHint: true },
    invoke: { kind: "graphql", operationType: "query", document, operationName: name },
    schemaHash: "sha256:0000000000000000",
  };
}

const operations = [
  operation("query_viewer", `query query_viewer{viewer${USER}}`),
  operation("query_user", `query query_user($login:String!){user(login:$login)${USER}}`),
  operation(
    "query_org",
    `query query_org($login:String!){organization(login:$login){login members${MEMBERS}}}`,
  ),
  operation("query_team", `query query_team($id:ID!){team(id:$id){name members${MEMBERS}}}`),
  operation("query_repo", `query query_repo{repository{owner${USER} collaborators${MEMBERS}}}`),
];

type Written = {
  units: Array<{ documentParts?: string[]; operations: Array<{ invoke: { document: string } }> }>;
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("GraphQL document parts (format 5)", () => {
  it("store a selection the documents repeat once, and refer to it where it stood", () => {
    const written = JSON.parse(manifestText(graphqlManifest(operations))) as Written;
    const [unit] = written.units;
    expect(unit?.documentParts?.length).toBeGreaterThan(0);
    const documents = unit?.operations.map((op) => op.invoke.document) ?? [];
    expect(documents.filter((document) => document.includes(USER))).toEqual([]);
    expect(documents.every((document) => /%\d/.test(document))).toBe(true);
    // Every repeat of the selection is said once: the whole manifest holds it one time.
    const text = manifestText(graphqlManifest(operations));
    expect(text.split(USER.slice(1, -1)).length - 1).toBe(1);
  });

  it("read back exactly, key order included", () => {
    const full = graphqlManifest(operations);
    const read = checkManifest(JSON.parse(manifestText(full)));
    expect(JSON.stringify(read)).toBe(JSON.stringify(full));
  });

  it("read back through the offsets table, one operation at a time", () => {
    const dir = mkdtempSync(join(tmpdir(), "unitc-parts-"));
    dirs.push(dir);
    const text = manifestText(graphqlManifest(operations));
    writeFileSync(join(dir, "manifest.json"), text);
    writeFileSync(join(dir, MANIFEST_OFFSETS_FILE), manifestOffsetsFile(text) ?? "");
    const index = readManifestIndex(join(dir, "manifest.json"));
    for (const op of operations) {
      const sliced = checkManifest(index?.slice("gh", op.name));
      expect(JSON.stringify(sliced.units[0]?.operations)).toBe(JSON.stringify([op]));
      expect(sliced.units[0]).not.toHaveProperty("documentParts");
    }
  });

  it("are not used in a unit whose documents hold a %", () => {
    const percent = operation("query_half", `query query_half{search(query:"50%")${USER}}`);
    const full = graphqlManifest([...operations, percent]);
    const written = JSON.parse(manifestText(full)) as Written;
    expect(written.units[0]?.documentParts).toBeUndefined();
    expect(JSON.stringify(checkManifest(written))).toBe(JSON.stringify(full));
  });

  it("are not read in a format 4 manifest, which wrote documents whole", () => {
    const written = JSON.parse(manifestText(graphqlManifest(operations))) as Written & { format: number };
    const raw = { ...written, format: 4, units: [{ ...written.units[0], documentParts: undefined }] };
    const read = checkManifest(JSON.parse(JSON.stringify(raw)));
    const document = (read.units[0]?.operations[0]?.invoke as { document: string } | undefined)?.document;
    expect(document).toBe(written.units[0]?.operations[0]?.invoke.document);
  });

  it("refer to parts that are there, or the manifest is invalid", () => {
    const written = JSON.parse(manifestText(graphqlManifest(operations))) as Written;
    const [unit] = written.units;
    const missing = { ...written, units: [{ ...unit, documentParts: [] }] };
    expect(() => checkManifest(missing)).toThrow(expect.objectContaining({ code: "MANIFEST_INVALID" }));
    const notText = { ...written, units: [{ ...unit, documentParts: [1] }] };
    expect(() => checkManifest(notText)).toThrow(expect.objectContaining({ code: "MANIFEST_INVALID" }));
  });

  it("need this runtime: a newer format is refused with the hint to recompile", () => {
    const written = JSON.parse(manifestText(graphqlManifest(operations))) as Written & { format: number };
    expect(written.format).toBe(5);
    expect(() => checkManifest({ ...written, format: 6 })).toThrow(
      expect.objectContaining({
        code: "MANIFEST_INVALID",
        details: expect.objectContaining({ hint: expect.stringContaining("recompile") }),
      }),
    );
  });
});
