/** OpenAPI responses and schemas → output schemas in JSON Schema 2020-12. */
import { describe, expect, it } from "vitest";
import { discoverSpec as discover } from "./support.js";

type Data = Record<string, unknown>;

const ok = { "200": { description: "ok" } };
const json = (schema: Data) => ({ content: { "application/json": { schema } } });

describe("outputs and schemas", () => {
  it.each([
    [
      "one JSON response",
      { given: { "200": { description: "ok", ...json({ type: "string" }) } }, want: { type: "string" } },
    ],
    [
      "JSON or nothing",
      {
        given: { "200": { description: "ok", ...json({ type: "integer" }) }, "204": { description: "none" } },
        want: { anyOf: [{ type: "integer" }, { type: "null" }] },
      },
    ],
    [
      "text only",
      { given: { "200": { description: "ok", content: { "text/csv": {} } } }, want: { type: "string" } },
    ],
    [
      "default when there is no 2xx",
      {
        given: { default: { description: "ok", ...json({ type: "boolean" }) }, "404": { description: "no" } },
        want: { type: "boolean" },
      },
    ],
    ["nothing described", { given: { "200": { description: "ok" } }, want: undefined }],
  ] as Array<[string, { given: Data; want: Data | undefined }]>)("%s", async (_name, { given, want }) => {
    const { op } = await discover({ "/x": { get: { operationId: "x", responses: given } } });
    expect(op("x").outputSchema).toEqual(want);
  });

  it("converts OpenAPI 3.0 keywords to JSON Schema 2020-12", async () => {
    const schema = {
      type: "object",
      required: ["n"],
      properties: {
        n: {
          type: "number",
          minimum: 0,
          exclusiveMinimum: true,
          maximum: 9,
          exclusiveMaximum: false,
          example: 3,
        },
        s: { type: "string", nullable: true, enum: ["a", "b"], "x-internal": true, xml: { name: "s" } },
        r: { allOf: [{ $ref: "#/components/schemas/R" }], nullable: true, description: "An R." },
      },
      discriminator: { propertyName: "n" },
    };
    const { op } = await discover(
      { "/x": { get: { operationId: "x", responses: { "200": { description: "ok", ...json(schema) } } } } },
      { components: { schemas: { R: { type: "string", format: "uuid" } } } },
    );
    expect(op("x").outputSchema).toEqual({
      type: "object",
      required: ["n"],
      properties: {
        n: { type: "number", maximum: 9, exclusiveMinimum: 0, examples: [3] },
        s: { type: ["string", "null"], enum: ["a", "b", null] },
        r: { description: "An R.", anyOf: [{ allOf: [{ $ref: "#/$defs/R" }] }, { type: "null" }] },
      },
      $defs: { R: { type: "string", format: "uuid" } },
    });
  });

  it("marks safe methods read-only and DELETE destructive", async () => {
    const { op } = await discover({
      "/x": {
        get: { operationId: "g", summary: "Get x.", responses: ok },
        delete: { operationId: "d", responses: ok },
      },
    });
    expect([op("g").annotations, op("d").annotations]).toEqual([
      { title: "Get x.", readOnlyHint: true },
      { destructiveHint: true, idempotentHint: true },
    ]);
  });
});
