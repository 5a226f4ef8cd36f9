/** OpenAPI parameters → the grouped input and the invoke parameters (styles, locations, auth-owned headers). */
import { describe, expect, it } from "vitest";
import type { OperationIR } from "../../../../compiler/discover/shared/types.js";
import { openapiSpec, specOperations } from "../../../support/spec-context.js";

type Data = Record<string, unknown>;

const ok = { "200": { description: "ok" } };

/** Parameters in, the named operation's fields out (each compared with toEqual). */
const converted: Array<
  [string, { given: { paths: Data; backend?: Data }; want: { name: string } & Partial<OperationIR> }]
> = [
  [
    "groups parameters by location, path-item ones overridden by the operation; default styles are not written",
    {
      given: {
        paths: {
          "/items/{id}": {
            parameters: [
              { name: "id", in: "path", required: true, schema: { type: "integer" } },
              { name: "limit", in: "query", schema: { type: "string" } },
            ],
            get: {
              operationId: "get",
              parameters: [
                {
                  name: "limit",
                  in: "query",
                  required: true,
                  description: "Page size.",
                  schema: { type: "integer" },
                },
                { name: "X-Request-Id", in: "header", schema: { type: "string" } },
                { name: "Accept", in: "header", schema: { type: "string" } },
                { name: "theme", in: "cookie", schema: { type: "string" } },
              ],
              responses: ok,
            },
          },
        },
      },
      want: {
        name: "get",
        invoke: {
          kind: "openapi",
          method: "GET",
          path: "/items/{id}",
          parameters: [
            { name: "id", in: "path", required: true },
            { name: "limit", in: "query", required: true },
            { name: "X-Request-Id", in: "header", required: false },
            { name: "theme", in: "cookie", required: false },
          ],
        },
        inputSchema: {
          type: "object",
          properties: {
            path: {
              type: "object",
              description: "Path parameters.",
              properties: { id: { type: "integer" } },
              required: ["id"],
              additionalProperties: false,
            },
            query: {
              type: "object",
              description: "Query parameters.",
              properties: { limit: { type: "integer", description: "Page size." } },
              required: ["limit"],
              additionalProperties: false,
            },
            header: {
              type: "object",
              description: "Header parameters.",
              properties: { "X-Request-Id": { type: "string" } },
              additionalProperties: false,
            },
            cookie: {
              type: "object",
              description: "Cookie parameters.",
              properties: { theme: { type: "string" } },
              additionalProperties: false,
            },
          },
          required: ["path", "query"],
          additionalProperties: false,
        },
      },
    },
  ],
  [
    "writes a style or explode only where it is not OpenAPI's default for the parameter's place",
    {
      given: {
        paths: {
          "/items/{id}": {
            get: {
              operationId: "styled",
              parameters: [
                { name: "id", in: "path", required: true, style: "label", schema: { type: "string" } },
                { name: "tags", in: "query", explode: false, schema: { type: "array" } },
                { name: "ids", in: "query", style: "pipeDelimited", schema: { type: "array" } },
                {
                  name: "filter",
                  in: "query",
                  style: "deepObject",
                  explode: true,
                  schema: { type: "object" },
                },
                { name: "X-Map", in: "header", explode: true, schema: { type: "object" } },
                { name: "page", in: "query", style: "form", explode: true, schema: { type: "integer" } },
              ],
              responses: ok,
            },
          },
        },
      },
      want: {
        name: "styled",
        invoke: {
          kind: "openapi",
          method: "GET",
          path: "/items/{id}",
          parameters: [
            { name: "id", in: "path", style: "label", required: true },
            { name: "tags", in: "query", explode: false, required: false },
            { name: "ids", in: "query", style: "pipeDelimited", required: false },
            { name: "filter", in: "query", style: "deepObject", explode: true, required: false },
            { name: "X-Map", in: "header", explode: true, required: false },
            { name: "page", in: "query", required: false },
          ],
        },
      },
    },
  ],
  [
    "leaves headers the unit's auth sets out of the input",
    {
      given: {
        paths: {
          "/x": {
            get: {
              operationId: "x",
              parameters: [{ name: "x-api-key", in: "header", required: true, schema: { type: "string" } }],
              responses: ok,
            },
          },
        },
        backend: { auth: { type: "headers", headers: { "X-Api-Key": "env:KEY" } } },
      },
      want: { name: "x", inputSchema: { type: "object", properties: {}, additionalProperties: false } },
    },
  ],
];

/** A parameter unitc cannot send: the operations kept and the warning. */
const unsendable: Array<
  [string, { given: { required: boolean }; want: { operations: number; code: string } }]
> = [
  [
    "an optional parameter in an unknown place is left out",
    { given: { required: false }, want: { operations: 1, code: "OPENAPI_PARTIAL" } },
  ],
  [
    "a required parameter in an unknown place skips the operation",
    { given: { required: true }, want: { operations: 0, code: "OPERATION_SKIPPED" } },
  ],
];

describe("parameters", () => {
  it.each(converted)("%s", async (_name, { given, want }) => {
    const { op } = await specOperations(openapiSpec(given.paths), given.backend);
    const { name, ...fields } = want;
    for (const [field, value] of Object.entries(fields))
      expect(op(name)[field as keyof OperationIR]).toEqual(value);
  });

  it.each(unsendable)("%s", async (_name, { given, want }) => {
    const { operations, text } = await specOperations(
      openapiSpec({
        "/x": {
          get: {
            operationId: "x",
            parameters: [
              { name: "q", in: "querystring", required: given.required, schema: { type: "string" } },
            ],
            responses: ok,
          },
        },
      }),
    );
    expect(operations.length).toBe(want.operations);
    expect(text).toContain(`warning ${want.code} GET /x ("x")`);
    expect(text).toContain('parameter "q" is in "querystring", which unitc cannot send');
  });
});
