/**
 * One small project per unit kind, and the changes to its inputs that change the unit's Code Mode
 * declarations: for the test that a unit's declarations never change without its manifest entry.
 */
import { FIXTURE, stdioEntry } from "../runtime/invoke/mcp/support.js";

/** A change to a project: files written (path → text), and the environment it compiles in. */
export interface SourceChange {
  /** What it changes, for the test's name. */
  what: string;
  files?: Record<string, string>;
  env?: Record<string, string>;
  /** Changes what the case's server answers from now on. */
  serve?: () => unknown;
}

/** A project with one unit of a kind, and changes applied one after another. */
export interface KindCase {
  kind: string;
  unitId: string;
  files: Record<string, string>;
  env?: Record<string, string>;
  changes: SourceChange[];
  /** Stops the server the case started. */
  stop?: () => Promise<void>;
}

/** A case made when its test runs (after its server listens: the config names its URL). */
export interface CaseStart {
  kind: string;
  start(): Promise<KindCase>;
}

/** A case whose project and changes are written out beforehand. */
export const fixedCase = (unitCase: KindCase): CaseStart => ({
  kind: unitCase.kind,
  start: async () => unitCase,
});

/** A project config of `units`, shown in Code Mode. */
export const caseConfig = (units: Record<string, unknown>) =>
  JSON.stringify({ version: 1, options: { exposure: "code_mode" }, ...units }, null, 2);
const config = caseConfig;

/** An OpenAPI spec whose response is `$ref`'d from `pet.yaml`; `extra` adds lines under `paths`. */
export const petsSpec = (limitType: string, extra = "") => `openapi: 3.0.3
info: { title: Pets, version: "1" }
paths:
  /pets:
    get:
      operationId: listPets
      summary: List the pets.
      parameters:
        - { name: limit, in: query, schema: { type: ${limitType} } }
      responses:
        "200":
          description: The pets.
          content:
            application/json:
              schema: { $ref: "./pet.yaml#/Pets" }
${extra}`;

export const petSchemas = (properties: string) => `Pets:
  type: array
  items: { $ref: "#/Pet" }
Pet:
  type: object
  properties:
${properties}`;

const getPet = `  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        "200":
          description: One pet.
          content:
            application/json:
              schema: { $ref: "./pet.yaml#/Pet" }
`;

const openapi: KindCase = {
  kind: "openapi",
  unitId: "pets",
  files: {
    ".units/config.json": config({
      openapiEndpoints: {
        pets: {
          name: "Pets",
          description: "Pets.",
          specPath: "pets.yaml",
          baseUrl: "http://127.0.0.1:9/api",
          auth: { type: "none" },
        },
      },
    }),
    ".units/pets.yaml": petsSpec("integer"),
    ".units/pet.yaml": petSchemas("    name: { type: string }\n"),
  },
  changes: [
    { what: "a parameter's type", files: { ".units/pets.yaml": petsSpec("string") } },
    { what: "a new operation", files: { ".units/pets.yaml": petsSpec("string", getPet) } },
    {
      what: "a $ref'd document",
      files: { ".units/pet.yaml": petSchemas("    name: { type: string }\n    age: { type: integer }\n") },
    },
  ],
};

const schema = (petFields: string) => `type Query {
  pet(id: ID!): Pet
}

type Pet {
  name: String
${petFields}}
`;

const graphqlUnit = (extra: Record<string, unknown> = {}) => ({
  name: "Pets",
  description: "Pets.",
  endpointUrl: "http://127.0.0.1:9/graphql",
  schemaPath: "schema.graphql",
  auth: { type: "none" },
  ...extra,
});

/** Generated operations: a field of the schema changes them. */
const graphqlSchema: KindCase = {
  kind: "graphql (generated operations)",
  unitId: "pets",
  files: {
    ".units/config.json": config({ graphqlEndpoints: { pets: graphqlUnit() } }),
    ".units/schema.graphql": schema(""),
  },
  changes: [{ what: "a schema field", files: { ".units/schema.graphql": schema("  age: Int\n") } }],
};

const petQuery = (fields: string) => `query Pet($id: ID!) {\n  pet(id: $id) { ${fields} }\n}\n`;

/** A configured operation: its document changes it, and so does the type of a field it selects. */
const graphqlDocument: KindCase = {
  kind: "graphql (configured operation)",
  unitId: "pets",
  files: {
    ".units/config.json": config({
      graphqlEndpoints: {
        pets: graphqlUnit({ operations: { pet: { documentPath: "pet.graphql", description: "One pet." } } }),
      },
    }),
    ".units/schema.graphql": schema("  age: Int\n"),
    ".units/pet.graphql": petQuery("name"),
  },
  changes: [
    { what: "the operation's document", files: { ".units/pet.graphql": petQuery("name age") } },
    { what: "a selected field's type", files: { ".units/schema.graphql": schema("  age: String\n") } },
  ],
};

export const discoveryDocument = (taskType: string, properties: Record<string, unknown>) =>
  JSON.stringify({
    kind: "discovery#restDescription",
    name: "tasks",
    version: "v1",
    rootUrl: "http://127.0.0.1:9/",
    servicePath: "tasks/v1/",
    resources: {
      tasks: {
        methods: {
          get: {
            id: "tasks.tasks.get",
            path: "tasks/{task}",
            httpMethod: "GET",
            parameters: { task: { type: taskType, location: "path", required: true } },
            parameterOrder: ["task"],
            response: { $ref: "Task" },
          },
        },
      },
    },
    schemas: { Task: { id: "Task", type: "object", properties } },
  });

const discovery: KindCase = {
  kind: "discovery",
  unitId: "tasks",
  files: {
    ".units/config.json": config({
      vendorDiscoveryApis: {
        tasks: { name: "Tasks", description: "Tasks.", discoveryPath: "tasks.json", auth: { type: "none" } },
      },
    }),
    ".units/tasks.json": discoveryDocument("string", { title: { type: "string" } }),
  },
  changes: [
    {
      what: "a parameter's type",
      files: { ".units/tasks.json": discoveryDocument("integer", { title: { type: "string" } }) },
    },
    {
      what: "a schema's property",
      files: {
        ".units/tasks.json": discoveryDocument("integer", {
          title: { type: "string" },
          due: { type: "string" },
        }),
      },
    },
  ],
};

/** The repo's fixture server over stdio: FIXTURE_VARIANT=2 gives its `add` tool a third input. */
const mcp: KindCase = {
  kind: "mcp (stdio)",
  unitId: "fixture",
  files: {
    ".units/config.json": config({
      mcpServers: {
        fixture: stdioEntry([FIXTURE], {
          env: { FIXTURE_VARIANT: "${UNITC_TEST_VARIANT}" },
          // Asked on every compile: the tool listing is the source under test.
          toolCacheTtlMs: 0,
        }),
      },
    }),
  },
  env: { UNITC_TEST_VARIANT: "1" },
  changes: [{ what: "a tool's input schema", env: { UNITC_TEST_VARIANT: "2" } }],
};

const noteInput = (type: string) => ({ type: "object", properties: { id: { type } }, required: ["id"] });
const httpConfig = (type: string, name = "Notes") =>
  config({
    httpApis: {
      notes: {
        name,
        description: "Notes.",
        baseUrl: "http://127.0.0.1:9/api",
        auth: { type: "none" },
        actions: {
          getNote: {
            method: "GET",
            path: "/notes/{id}",
            description: "One note.",
            inputSchema: noteInput(type),
          },
        },
      },
    },
  });

const http: KindCase = {
  kind: "http",
  unitId: "notes",
  files: { ".units/config.json": httpConfig("string") },
  changes: [
    { what: "an action's input schema", files: { ".units/config.json": httpConfig("integer") } },
    { what: "the unit's name", files: { ".units/config.json": httpConfig("integer", "Notebook") } },
  ],
};

const cliConfig = (type: string) =>
  config({
    cliTools: {
      files: {
        name: "Files",
        description: "Files.",
        actions: {
          count: {
            description: "Count the lines of a file.",
            command: "wc",
            args: ["-l", "--", "$input.file"],
            inputSchema: { type: "object", properties: { file: { type } }, required: ["file"] },
          },
        },
      },
    },
  });

const cli: KindCase = {
  kind: "cli",
  unitId: "files",
  files: { ".units/config.json": cliConfig("string") },
  changes: [{ what: "an action's input schema", files: { ".units/config.json": cliConfig("number") } }],
};

/** Every kind, with the changes that change its declarations. */
export const kindCases: CaseStart[] = [
  openapi,
  graphqlSchema,
  graphqlDocument,
  discovery,
  mcp,
  http,
  cli,
].map(fixedCase);
