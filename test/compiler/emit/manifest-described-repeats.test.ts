/**
 * A schema repeated with only its description different (GraphQL's output objects: the same type's
 * selection under fields that each say what they are) is written once in manifest.json, and reading
 * the manifest puts each place back exactly, description first, key order included.
 */
import { describe, expect, it } from "vitest";
import { manifestText } from "../../../compiler/emit/manifest-compact.js";
import { contentHash } from "../../../compiler/shared/canonical.js";
import {
  checkManifest,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestUnit,
} from "../../../runtime/contract/manifest.js";

const SETTINGS = { defaultSearchLimit: 20, maxSearchLimit: 50 };

/** The object selection every operation's output repeats, under a description of its own. */
const owner = (description: string) => ({
  description,
  type: ["object", "null"],
  properties: {
    login: { type: "string", description: "The username used to login, said once per selection." },
    avatarUrl: { type: "string", description: "A URL pointing to the owner's public avatar image." },
    createdAt: { type: "string", description: "Identifies the date and time when the object was created." },
  },
  required: ["login", "avatarUrl", "createdAt"],
  additionalProperties: false,
});

function op(i: number) {
  const inputSchema = { type: "object", properties: {}, additionalProperties: false };
  const outputSchema = {
    type: "object",
    properties: {
      [`thing${i}`]: owner(`The owner of thing ${i}, a description no other operation has.`),
      plain: { type: "string", description: "A field after the described repeat." },
    },
    required: [`thing${i}`],
    additionalProperties: false,
  };
  return {
    name: `thing${i}`,
    tsName: `thing${i}`,
    description: `Thing ${i}.`,
    inputSchema,
    outputSchema,
    invoke: { kind: "mcp" as const, tool: `thing${i}`, result: "callToolResult" as const },
    schemaHash: contentHash({ input: inputSchema, output: outputSchema }),
  };
}

function manifest(operations: number): Manifest {
  const unit: ManifestUnit = {
    id: "u",
    kind: "mcp",
    name: "U",
    description: "",
    tags: [],
    exposure: "direct",
    shadowing: "forbid",
    connection: { kind: "unitSet" },
    operations: Array.from({ length: operations }, (_, i) => op(i)),
    sourceHash: "sha256:0",
  };
  return { format: 2, generator: "unitc", settings: SETTINGS, units: [unit] };
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("schemas repeated with only their description different", () => {
  it("are written once and each description where it stood", () => {
    const text = manifestText(manifest(5));
    expect(JSON.parse(text).format).toBe(MANIFEST_FORMAT);
    // The object itself, not only its word-for-word repeated properties, is written once.
    expect(occurrences(text, '"required":["login","avatarUrl","createdAt"]')).toBe(1);
    for (let i = 0; i < 5; i++) expect(occurrences(text, `The owner of thing ${i},`)).toBe(1);
  });

  it("read back exactly as compiled, key order included", () => {
    const original = manifest(5);
    const read = checkManifest(JSON.parse(manifestText(original)));
    const [unit] = read.units;
    expect(unit?.operations).toHaveLength(5);
    for (const [i, expected] of original.units[0]?.operations.entries() ?? []) {
      const got = unit?.operations[i];
      expect(JSON.stringify(got?.outputSchema)).toBe(JSON.stringify(expected.outputSchema));
      expect(contentHash({ input: got?.inputSchema, output: got?.outputSchema })).toBe(expected.schemaHash);
    }
  });

  it("are not moved when the repeat would not pay for itself", () => {
    const text = manifestText(manifest(1));
    expect(text).not.toContain("#/$defs/@");
  });
});
