/** OpenAPI parameters → the grouped input and the invoke parameters (styles, locations, auth-owned headers). */
import { afterAll, describe, expect, it } from "vitest";
import { cleanupProjects } from "../../../support/project.js";
import { cleanupOutDirs, discoverSpec as discover } from "./support.js";

afterAll(() => Promise.all([cleanupOutDirs(), cleanupProjects()]));

const ok = { "200": { description: "ok" } };

describe("parameters", () => {
  it("groups parameters by location with their default styles, path-item ones overridden by the operation", async () => {
    const { op } = await discover({
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
    });
    expect(op("get").invoke).toEqual({
      kind: "openapi",
      method: "GET",
      path: "/items/{id}",
      parameters: [
        { name: "id", in: "path", style: "simple", explode: false, required: true },
        { name: "limit", in: "query", style: "form", explode: true, required: true },
        { name: "X-Request-Id", in: "header", style: "simple", explode: false, required: false },
        { name: "theme", in: "cookie", style: "form", explode: true, required: false },
      ],
    });
    expect(op("get").inputSchema).toEqual({
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
    });
  });

  it("leaves headers the unit's auth sets out of the input", async () => {
    const { op } = await discover(
      {
        "/x": {
          get: {
            operationId: "x",
            parameters: [{ name: "x-api-key", in: "header", required: true, schema: { type: "string" } }],
            responses: ok,
          },
        },
      },
      {},
      { auth: { type: "headers", headers: { "X-Api-Key": "env:KEY" } } },
    );
    expect(op("x").inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
  });

  it.each([
    ["an optional parameter in an unknown place is left out", false, "OPENAPI_PARTIAL"],
    ["a required parameter in an unknown place skips the operation", true, "OPERATION_SKIPPED"],
  ])("%s", async (_name, required, code) => {
    const { unit, text } = await discover({
      "/x": {
        get: {
          operationId: "x",
          parameters: [{ name: "q", in: "querystring", required, schema: { type: "string" } }],
          responses: ok,
        },
      },
    });
    expect(unit.operations.length).toBe(required ? 0 : 1);
    expect(text).toContain(`warning ${code} GET /x ("x")`);
    expect(text).toContain('parameter "q" is in "querystring", which unitc cannot send');
  });
});
