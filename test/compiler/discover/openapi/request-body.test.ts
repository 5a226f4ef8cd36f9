/** OpenAPI request bodies → the media type sent and the schema of `input.body`. */
import { describe, expect, it } from "vitest";
import { discoverSpec as discover } from "./support.js";

type Data = Record<string, unknown>;

const ok = { "200": { description: "ok" } };
const json = (schema: Data) => ({ content: { "application/json": { schema } } });

describe("request bodies", () => {
  const body = (content: Data, required = true) => ({
    "/x": { post: { operationId: "x", requestBody: { required, content }, responses: ok } },
  });
  const object = { type: "object", properties: { a: { type: "string" } } };

  it.each([
    [
      "JSON first",
      { "application/xml": { schema: object }, "application/json": { schema: object } },
      "application/json",
      object,
    ],
    ["a +json type", { "application/vnd.api+json": { schema: object } }, "application/vnd.api+json", object],
    [
      "form before multipart",
      { "multipart/form-data": { schema: object }, "application/x-www-form-urlencoded": { schema: object } },
      "application/x-www-form-urlencoded",
      object,
    ],
    ["text as a string", { "text/plain": {} }, "text/plain", { type: "string" }],
    [
      "another concrete type as raw text",
      { "application/xml": { schema: object } },
      "application/xml",
      { type: "string" },
    ],
    [
      "a wildcard with a structured schema as JSON",
      { "*/*": { schema: object } },
      "application/json",
      object,
    ],
    ["a wildcard without one as bytes", { "*/*": {} }, "application/octet-stream", { type: "string" }],
  ])("picks %s", async (_name, content, contentType, schema) => {
    const { op } = await discover(body(content));
    expect((op("x").invoke as { body: unknown }).body).toEqual({ contentType, required: true });
    expect((op("x").inputSchema as { properties: Data }).properties.body).toEqual(schema);
  });

  it("lists the multipart properties that are files", async () => {
    const schema = {
      type: "object",
      properties: {
        title: { type: "string" },
        file: { type: "string", format: "binary" },
        more: { type: "array", items: { type: "string", format: "binary" } },
      },
    };
    const { op } = await discover(body({ "multipart/form-data": { schema } }));
    expect((op("x").invoke as { body: unknown }).body).toEqual({
      contentType: "multipart/form-data",
      required: true,
      files: ["file", "more"],
    });
  });

  it.each([
    [
      "a required body on GET skips the operation",
      true,
      0,
      'warning OPERATION_SKIPPED GET /x ("x") is left out: a GET request cannot carry the body the spec describes',
    ],
    [
      "an optional body on GET is left out",
      false,
      1,
      'warning OPENAPI_PARTIAL GET /x ("x"): a GET request cannot carry the body the spec describes; the body is left out',
    ],
  ])("%s", async (_name, required, count, want) => {
    const { unit, text } = await discover({
      "/x": { get: { operationId: "x", requestBody: { required, ...json(object) }, responses: ok } },
    });
    expect(unit.operations.length).toBe(count);
    expect(text).toContain(want);
  });
});
