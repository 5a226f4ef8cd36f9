/**
 * The spec's types printed a member at a time: the same text as openapi-typescript's whole module
 * printed at once and then indented by tabs with its comments tidied, and each statement let go of
 * once printed (only those the caller keeps for the type check stay).
 */
import { createRequire } from "node:module";
import type { GlobalContext, OpenAPI3 } from "openapi-typescript";
import * as oats from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { tidyComments } from "../../../../compiler/discover/openapi/types-comments.js";
import { PRINTED_APART, printTypes } from "../../../../compiler/discover/openapi/types-print.js";

const ts = createRequire(import.meta.url)("typescript") as typeof import("typescript");
type Data = Record<string, unknown>;

/** A spec with lists long enough to be printed apart: paths, operations and schemas, with comments. */
function spec(count: number): Data {
  const schemas: Data = {};
  const paths: Data = {};
  for (let i = 0; i < count; i++) {
    schemas[`Thing${i}`] = {
      type: "object",
      description: `Thing ${i}.\nIts second line,\n    indented.`,
      required: ["id"],
      properties: {
        id: { type: "string", description: "The id." },
        kind: { type: "string", enum: ["a", "b"], example: { nested: { deep: [1, 2] } } },
        parts: { type: "array", items: { $ref: `#/components/schemas/Thing${(i + 1) % count}` } },
        meta: { type: "object", properties: { note: { type: "string", title: "Note", default: "x" } } },
      },
    };
    const ok = {
      "200": {
        description: "ok",
        content: { "application/json": { schema: { $ref: `#/components/schemas/Thing${i}` } } },
      },
    };
    paths[`/things/${i}/{id}`] = {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: { operationId: `getThing${i}`, summary: `Gets thing ${i}.`, responses: ok },
      post: {
        operationId: `makeThing${i}`,
        description: "Makes one.\n\nWith a paragraph.",
        deprecated: true,
        requestBody: {
          content: { "application/json": { schema: { $ref: `#/components/schemas/Thing${i}` } } },
        },
        responses: ok,
      },
    };
  }
  return { openapi: "3.0.3", info: { title: "T", version: "1" }, paths, components: { schemas } };
}

function transformed(document: Data): import("typescript").Node[] {
  const schema = document as unknown as OpenAPI3;
  const context = {
    additionalProperties: false,
    alphabetize: false,
    emptyObjectsUnknown: true,
    excludeDeprecated: false,
    silent: true,
    discriminators: oats.scanDiscriminators(schema, { silent: true }),
    injectFooter: [],
    resolve: ($ref: string) => oats.resolveRef(schema, $ref, { silent: true }),
  } as unknown as GlobalContext;
  return [...oats.transformSchema(schema, context)];
}

/** The module printed at once, as the compile wrote it before: four spaces a level become tabs. */
function printedWhole(nodes: readonly import("typescript").Node[]): string {
  const text = oats.astToString([...nodes]);
  return tidyComments(text.replace(/^((?: {4})+)/gm, (spaces) => "\t".repeat(spaces.length / 4)));
}

const isComponents = (node: import("typescript").Node) =>
  ts.isInterfaceDeclaration(node) && ts.idText(node.name) === "components";

describe("printTypes", () => {
  it.each([
    ["lists too short to print apart", 3],
    ["lists printed a member at a time", PRINTED_APART + 5],
  ])("writes what the whole module printed at once writes: %s", (_, count) => {
    const nodes = transformed(spec(count));
    const whole = printedWhole(nodes);
    expect(printTypes(ts, [...nodes], isComponents).text).toBe(whole);
  });

  it("lets go of each statement once printed, keeping only those asked for", () => {
    const nodes = transformed(spec(PRINTED_APART + 1));
    const components = nodes.find(isComponents);
    const given = [...nodes];
    const { kept } = printTypes(ts, given, isComponents);
    expect(given).toEqual([]);
    expect(kept).toEqual([components]);
  });
});
