/**
 * The comments of `spec-types.ts`: openapi-typescript's JSDoc said in fewer bytes with the same
 * meaning to an editor. A description that opens its comment is the comment's text (no
 * `@description` tag), an `@enum {…}` tag that repeats the literal union beside it is left out, and
 * continuation lines lose openapi-typescript's four extra spaces (an example keeps its own indentation).
 */
import { describe, expect, it } from "vitest";
import { tidyComments } from "../../../../compiler/discover/openapi/types-comments.js";
import { generateOpenapiTypes } from "../../../../compiler/discover/openapi/types-module.js";

const spec = {
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: {
    "/things/{id}": {
      get: {
        operationId: "get",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        title: "A thing",
        description: "Something kept.",
        type: "object",
        properties: {
          name: { type: "string", description: "The thing's name." },
          state: { type: "string", enum: ["open", "closed"], description: "Whether it is open." },
          kind: { type: "string", enum: ["a", "b"] },
          notes: { type: "string", description: "First line.\n\nThird line." },
          shape: { type: "object", example: { size: { width: 1 } } },
          sly: { type: "string", description: "ends */ early" },
        },
      },
    },
  },
};

describe("the comments of spec-types.ts", () => {
  it("say a description once, as the comment's own text, and leave out what the type says", async () => {
    const { text } = await generateOpenapiTypes(structuredClone(spec));
    expect(text).toContain("\t\t\t/** The thing's name. */\n\t\t\tname?: string;");
    // The literal union is the type: no `@enum` tag repeats it.
    expect(text).toContain('\t\t\t/** Whether it is open. */\n\t\t\tstate?: "open" | "closed";');
    expect(text).toContain('\t\t\tkind?: "a" | "b";');
    expect(text).not.toContain("@enum");
    // A title before it keeps the description a tag, so the two do not run together.
    expect(text).toContain("\t\t/**\n\t\t * A thing\n\t\t * @description Something kept.\n\t\t */");
    // Continuation lines as written, an example keeping its own nesting.
    expect(text).toContain("\t\t\t/**\n\t\t\t * First line.\n\t\t\t *\n\t\t\t * Third line.\n\t\t\t */");
    expect(text).toContain(
      '\t\t\t/**\n\t\t\t * @example {\n\t\t\t *   "size": {\n\t\t\t *     "width": 1\n\t\t\t *   }\n\t\t\t * }\n\t\t\t */',
    );
    // A comment's end in the text stays escaped.
    expect(text).toContain("/** ends *\\/ early */");
    expect(text).not.toContain("@description The thing's name.");
  });

  it("leave other text alone: a line that only looks like a comment's start is not one", () => {
    const text = 'export interface x {\n\t/** @description Kept */\n\ta: "/** @enum {string} */";\n}\n';
    expect(tidyComments(text)).toBe(
      'export interface x {\n\t/** Kept */\n\ta: "/** @enum {string} */";\n}\n',
    );
    // A comment that is only an `@enum` tag goes, line and all.
    expect(tidyComments("\t/** @enum {string} */\n\ta: string;\n")).toBe("\ta: string;\n");
    expect(tidyComments("\t/**\n\t * @description Two\n\t * @enum {string}\n\t */\n")).toBe("\t/** Two */\n");
  });
});
