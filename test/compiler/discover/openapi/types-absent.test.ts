/**
 * The `operations` of `spec-types.ts` without what an operation does not have: openapi-typescript
 * writes `query?: never` for each parameter place with no parameter, `requestBody?: never` with no
 * body, and `headers: { [name: string]: unknown }` on each response that declares no header. Nothing
 * indexes them (the operations' types index what an operation has); headers a response declares stay.
 */
import { describe, expect, it } from "vitest";
import { generateOpenapiTypes } from "../../../../compiler/discover/openapi/types-module.js";

const json = (schema: unknown) => ({ "application/json": { schema } });

const spec = {
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: {
    "/root": {
      get: {
        operationId: "root",
        responses: { "200": { description: "ok", content: json({ type: "string" }) } },
      },
    },
    "/things/{id}": {
      post: {
        operationId: "make",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { content: json({ type: "object" }) },
        responses: {
          "201": {
            description: "made",
            headers: { Location: { schema: { type: "string" } } },
            content: json({ type: "object", properties: { headers: { type: "object" } } }),
          },
          "404": { $ref: "#/components/responses/missing" },
        },
      },
    },
  },
  components: { responses: { missing: { description: "No such thing." } } },
};

describe("the operations of spec-types.ts", () => {
  it("leave out parameter places, bodies and response headers the operation does not have", async () => {
    const { text } = await generateOpenapiTypes(structuredClone(spec));
    const operations = text.slice(text.indexOf("export interface operations"));
    expect(operations).toContain(
      'root: {\n\t\tresponses: {\n\t\t\t/** ok */\n\t\t\t200: {\n\t\t\t\tcontent: {\n\t\t\t\t\t"application/json": string;',
    );
    expect(text).not.toContain("?: never");
    // Only the response that declares a header keeps its headers (and their index signature).
    expect(text.match(/\[name: string\]: unknown/g)).toHaveLength(1);
    // What the operation has stays: its path parameter, its body, a declared header.
    expect(operations).toContain("\t\tparameters: {\n\t\t\tpath: {\n\t\t\t\tid: string;\n\t\t\t};\n\t\t};\n");
    expect(operations).toContain("\t\trequestBody?: {\n");
    expect(operations).toContain(
      "\t\t\t\theaders: {\n\t\t\t\t\tLocation?: string;\n\t\t\t\t\t[name: string]: unknown;\n",
    );
    // A schema's own property named `headers` is not a response's.
    expect(operations).toContain("headers?: Record<string, unknown>;");
    // A shared response, under components, is left as bare as an operation's.
    expect(text).toContain("\tresponses: {\n\t\t/** No such thing. */\n\t\tmissing: {};\n");
  });
});
