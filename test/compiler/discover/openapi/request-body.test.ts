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

  const picks: Array<[string, { given: Data; want: { contentType: string; schema: Data } }]> = [
    [
      "JSON first",
      {
        given: { "application/xml": { schema: object }, "application/json": { schema: object } },
        want: { contentType: "application/json", schema: object },
      },
    ],
    [
      "a +json type",
      {
        given: { "application/vnd.api+json": { schema: object } },
        want: { contentType: "application/vnd.api+json", schema: object },
      },
    ],
    [
      "form before multipart",
      {
        given: {
          "multipart/form-data": { schema: object },
          "application/x-www-form-urlencoded": { schema: object },
        },
        want: { contentType: "application/x-www-form-urlencoded", schema: object },
      },
    ],
    [
      "text as a string",
      { given: { "text/plain": {} }, want: { contentType: "text/plain", schema: { type: "string" } } },
    ],
    [
      "another concrete type as raw text",
      {
        given: { "application/xml": { schema: object } },
        want: { contentType: "application/xml", schema: { type: "string" } },
      },
    ],
    [
      "a wildcard with a structured schema as JSON",
      { given: { "*/*": { schema: object } }, want: { contentType: "application/json", schema: object } },
    ],
    [
      "a wildcard without one as bytes",
      { given: { "*/*": {} }, want: { contentType: "application/octet-stream", schema: { type: "string" } } },
    ],
  ];

  it.each(picks)("picks %s", async (_name, { given, want }) => {
    const { contentType, schema } = want;
    const { op } = await discover(body(given));
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
