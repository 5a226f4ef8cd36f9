/** discoverHttpActions, seen through compile(): derived input schemas, checks of declared ones, defaults. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupProjects, discover, unitFile } from "../support.js";

afterAll(cleanupProjects);

const ID_OR_NUMBER = { type: ["string", "number"] };

const derived: Array<[string, { action: Record<string, unknown>; want: unknown }]> = [
  [
    "path placeholders become required strings or numbers",
    {
      action: { method: "GET", path: "/items/{id}/parts/{part}" },
      want: {
        type: "object",
        properties: { id: ID_OR_NUMBER, part: ID_OR_NUMBER },
        additionalProperties: false,
        required: ["id", "part"],
      },
    },
  ],
  [
    "whole-value templates are optional; a template inside a longer string is required",
    {
      action: {
        method: "GET",
        path: "/search",
        query: { q: "$input.q", lang: "en" },
        headers: { "X-Trace": "t-$input.trace" },
      },
      want: {
        type: "object",
        properties: { trace: { type: ["string", "number", "boolean"] }, q: {} },
        additionalProperties: false,
        required: ["trace"],
      },
    },
  ],
  [
    "jsonBody templates name their first segment, at any depth",
    {
      action: {
        method: "POST",
        path: "/users",
        jsonBody: { name: "$input.user.name", tags: ["$input.tags"], fixed: 1 },
      },
      want: { type: "object", properties: { user: {}, tags: {} }, additionalProperties: false },
    },
  ],
  [
    "a placeholder read again as $input stays one required property",
    {
      action: { method: "PUT", path: "/items/{id}", jsonBody: { id: "$input.id", note: "$input.note" } },
      want: {
        type: "object",
        properties: { id: ID_OR_NUMBER, note: {} },
        additionalProperties: false,
        required: ["id"],
      },
    },
  ],
  [
    "the whole input as body keeps the schema open",
    {
      action: { method: "PATCH", path: "/items/{id}", jsonBody: "$input" },
      want: {
        type: "object",
        properties: { id: ID_OR_NUMBER },
        additionalProperties: true,
        required: ["id"],
      },
    },
  ],
  [
    "no templates: no input",
    {
      action: { method: "HEAD", path: "/health" },
      want: { type: "object", properties: {}, additionalProperties: false },
    },
  ],
  [
    "a declared schema is kept as written",
    {
      action: {
        method: "GET",
        path: "/items/{id}",
        inputSchema: {
          type: "object",
          properties: { id: { type: "integer" } },
          required: ["id"],
          $defs: { x: true },
        },
      },
      want: { type: "object", properties: { id: { type: "integer" } }, required: ["id"], $defs: { x: true } },
    },
  ],
];

describe("derived input schemas", () => {
  let found: Awaited<ReturnType<typeof discover>>;
  beforeAll(async () => {
    const actions = Object.fromEntries(derived.map(([, { action }], i) => [`a${i}`, action]));
    const api = {
      name: "Api",
      description: "d",
      baseUrl: "https://api.example.com",
      auth: { type: "none" },
      actions,
    };
    found = await discover({ ".units/config.json": JSON.stringify({ version: 1, httpApis: { api } }) });
  });

  it("compile cleanly", () => {
    expect(found.text).toBe("");
  });

  it.each(derived.map(([name, row], i) => [name, { ...row, index: i }] as const))(
    "%s",
    (_name, { want, index }) => {
      expect(found.operation("api", `a${index}`).inputSchema).toEqual(want);
    },
  );
});

const CHECKS = unitFile(
  "items",
  `
name: Items
description: Items.
httpApi:
  baseUrl: https://items.example.com
  auth: { type: none }
  actions:
    closed:
      method: GET
      path: /items/{id}
      inputSchema:
        type: object
        properties: {}
        additionalProperties: false
    open:
      method: GET
      path: /items/{id}
      inputSchema: { type: object }
    optional:
      method: GET
      path: /items/{id}
      inputSchema:
        type: object
        properties: { id: { type: string } }
    template:
      method: GET
      path: /items
      query: { q: $input.q, page: $input.page }
      inputSchema:
        type: object
        properties: { page: { type: integer } }
        additionalProperties: false
    fine:
      method: GET
      path: /items/{id}
      query: { q: $input.q }
      inputSchema:
        type: object
        properties: { id: { type: string }, q: { type: string } }
        required: [id]
`,
);

describe("declared input schemas are checked against the templates", () => {
  it("prints each finding at the template that reads the input (a missing requirement at the inputSchema key)", async () => {
    const { text } = await discover(CHECKS);
    expect(text).toBe(
      [
        `.units/items.md:10:13 error UNDECLARED_INPUT the path reads {id}, which the inputSchema does not declare`,
        `  hint: add "id" to inputSchema.properties and to required`,
        `.units/items.md:17:13 warning UNDECLARED_INPUT the path reads {id}, which the inputSchema does not declare`,
        `  hint: add "id" to inputSchema.properties and to required`,
        `.units/items.md:22:7 warning OPTIONAL_PATH_INPUT the path reads {id}, which the inputSchema does not require; calls without it fail`,
        `  hint: add "id" to inputSchema.required`,
        `.units/items.md:28:19 error UNDECLARED_INPUT a template reads $input.q, which the inputSchema does not declare`,
        `  hint: add "q" to inputSchema.properties`,
      ].join("\n"),
    );
  });

  it("an open schema only warns about an undeclared template input", async () => {
    const files = unitFile(
      "items",
      `
name: Items
description: Items.
httpApi:
  baseUrl: https://items.example.com
  auth: { type: none }
  actions:
    search:
      method: GET
      path: /items
      query: { q: $input.q }
      inputSchema: { type: object, properties: { page: { type: integer } } }
`,
    );
    const { text } = await discover(files);
    expect(text).toBe(
      ".units/items.md:11:19 warning UNDECLARED_INPUT a template reads $input.q, which the inputSchema does not declare\n" +
        '  hint: add "q" to inputSchema.properties',
    );
  });
});

describe("connection defaults and descriptions", () => {
  it.each<
    [
      string,
      { fields: Record<string, unknown>; want: { requestTimeoutMs: number; maxResponseBytes: number } },
    ]
  >([
    ["defaults", { fields: {}, want: { requestTimeoutMs: 60000, maxResponseBytes: 200000 } }],
    [
      "set on the unit",
      {
        fields: { requestTimeoutMs: 5000, maxResponseBytes: 1000 },
        want: { requestTimeoutMs: 5000, maxResponseBytes: 1000 },
      },
    ],
  ])("%s", async (_name, { fields, want }) => {
    const api = {
      name: "Api",
      description: "d",
      baseUrl: "https://api.example.com/v1",
      auth: { type: "none" },
      ...fields,
    };
    const { unit, operation } = await discover({
      ".units/config.json": JSON.stringify({
        version: 1,
        httpApis: { api: { ...api, actions: { get: { method: "GET", path: "/things/{id}" } } } },
      }),
    });
    expect(unit("api").connection).toEqual({
      kind: "http",
      baseUrl: "https://api.example.com/v1",
      auth: { type: "none" },
      ...want,
    });
    expect(operation("api", "get").description).toBe("GET /things/{id}");
    expect(operation("api", "get").invoke).toEqual({ kind: "http", method: "GET", path: "/things/{id}" });
  });
});
