/**
 * The kinds whose declarations come from a real server on 127.0.0.1, for the test that a unit's
 * declarations never change without its manifest entry: what the server answers changes between
 * compiles, the config does not. Each unit asks on every compile (a cache TTL of 0).
 */
import { buildSchema, graphqlSync } from "graphql";
import { startFixtureHttp } from "../runtime/invoke/mcp/support.js";
import { type CaseStart, caseConfig, discoveryDocument } from "./declaration-sources.js";
import { startHttpServer, type TestServer } from "./http-server.js";

/** A server whose answer to any request is `answer()` of its current state, of the content type given. */
async function servingState<T>(
  initial: T,
  answer: (state: T, body: string) => string,
  type = "application/json",
) {
  let state = initial;
  const server: TestServer = await startHttpServer((request, res) => {
    res.writeHead(200, { "content-type": type }).end(answer(state, request.body));
  });
  return { server, set: (next: T) => (state = next) };
}

/** An OpenAPI spec whose response `$ref`s a component of the same document. */
const petsSpec = (limitType: string, petProperties: Record<string, unknown>) =>
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Pets", version: "1" },
    paths: {
      "/pets": {
        get: {
          operationId: "listPets",
          parameters: [{ name: "limit", in: "query", schema: { type: limitType } }],
          responses: {
            "200": {
              description: "The pets.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
            },
          },
        },
      },
    },
    components: { schemas: { Pet: { type: "object", properties: petProperties } } },
  });

const name = { name: { type: "string" } };

/** `specUrl`: the spec fetched from the server. (A `$ref` to another fetched document is refused.) */
const openapiUrl: CaseStart = {
  kind: "openapi (specUrl)",
  async start() {
    const { server, set } = await servingState(petsSpec("integer", name), (spec) => spec);
    const unit = {
      name: "Pets",
      description: "Pets.",
      specUrl: `${server.url}/pets.json`,
      baseUrl: "http://127.0.0.1:9/api",
      auth: { type: "none" },
      operationCacheTtlMs: 0,
    };
    return {
      kind: this.kind,
      unitId: "pets",
      files: { ".units/config.json": caseConfig({ openapiEndpoints: { pets: unit } }) },
      changes: [
        { what: "a parameter's type", serve: () => set(petsSpec("string", name)) },
        {
          what: "a $ref'd component",
          serve: () => set(petsSpec("string", { ...name, age: { type: "integer" } })),
        },
      ],
      stop: server.close,
    };
  },
};

const title = { title: { type: "string" } };

/** `discoveryUrl`: the discovery document fetched from the server. */
const discoveryUrl: CaseStart = {
  kind: "discovery (discoveryUrl)",
  async start() {
    const { server, set } = await servingState(discoveryDocument("string", title), (document) => document);
    const unit = {
      name: "Tasks",
      description: "Tasks.",
      discoveryUrl: `${server.url}/tasks.json`,
      auth: { type: "none" },
      operationCacheTtlMs: 0,
    };
    return {
      kind: this.kind,
      unitId: "tasks",
      files: { ".units/config.json": caseConfig({ vendorDiscoveryApis: { tasks: unit } }) },
      changes: [
        { what: "a parameter's type", serve: () => set(discoveryDocument("integer", title)) },
        {
          what: "a schema's property",
          serve: () => set(discoveryDocument("integer", { ...title, due: { type: "string" } })),
        },
      ],
      stop: server.close,
    };
  },
};

const sdl = (petFields: string) =>
  `type Query {\n  pet(id: ID!): Pet\n}\n\ntype Pet {\n  name: String\n${petFields}}\n`;

/** The endpoint answers every query (the introspection query too) from the current schema. */
function graphqlServer(fields: string) {
  return servingState(fields, (current, body) => {
    const { query } = JSON.parse(body || "{}") as { query?: string };
    return JSON.stringify(graphqlSync({ schema: buildSchema(sdl(current)), source: query ?? "" }));
  });
}

/**
 * A GraphQL unit whose schema a server gives (`set` changes what it serves): a field added, then a
 * field's type changed, which leaves the generated documents the same, so only the schema's text
 * tells that change.
 */
function graphqlCase(
  kind: string,
  serve: () => Promise<{
    server: { url: string; close: () => Promise<void> };
    set: (fields: string) => void;
  }>,
  source: (url: string) => Record<string, unknown>,
): CaseStart {
  return {
    kind,
    async start() {
      const { server, set } = await serve();
      const unit = { name: "Pets", description: "Pets.", ...source(server.url), auth: { type: "none" } };
      return {
        kind,
        unitId: "pets",
        files: {
          ".units/config.json": caseConfig({
            graphqlEndpoints: { pets: { ...unit, operationCacheTtlMs: 0 } },
          }),
        },
        changes: [
          { what: "a schema field", serve: () => set("  age: Int\n") },
          { what: "a field's type", serve: () => set("  age: String\n") },
        ],
        stop: server.close,
      };
    },
  };
}

/** `introspection: true`: the schema asked of `endpointUrl` itself. */
const graphqlIntrospection = graphqlCase(
  "graphql (introspection)",
  () => graphqlServer(""),
  (url) => ({ endpointUrl: `${url}/graphql`, introspection: true }),
);

/** `schemaUrl`: the SDL fetched from a URL of its own. */
const graphqlSchemaUrl = graphqlCase(
  "graphql (schemaUrl)",
  () => servingState("", (fields) => sdl(fields), "text/plain"),
  (url) => ({ endpointUrl: "http://127.0.0.1:9/graphql", schemaUrl: `${url}/schema.graphql` }),
);

/**
 * The fixture server over Streamable HTTP; the change restarts it on the same port as variant 2,
 * which gives its `add` tool a third input: the URL, and so the config, stays the same.
 */
const mcpHttp: CaseStart = {
  kind: "mcp (streamable http)",
  async start() {
    let server = await startFixtureHttp({ FIXTURE_VARIANT: "1" });
    const port = Number(new URL(server.url).port);
    const unit = { name: "Fixture", description: "Test server.", url: server.url, toolCacheTtlMs: 0 };
    return {
      kind: this.kind,
      unitId: "fixture",
      files: { ".units/config.json": caseConfig({ mcpServers: { fixture: unit } }) },
      changes: [
        {
          what: "a tool's input schema",
          serve: async () => {
            await server.close();
            server = await startFixtureHttp({ FIXTURE_VARIANT: "2" }, port);
          },
        },
      ],
      stop: () => server.close(),
    };
  },
};

/** Every kind read from a server, with the changes to what it serves. */
export const fetchedCases: CaseStart[] = [
  openapiUrl,
  discoveryUrl,
  graphqlIntrospection,
  graphqlSchemaUrl,
  mcpHttp,
];
