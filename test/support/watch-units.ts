/** Unit files the watch, build-record and dev tests build on: one HTTP action on a closed local port (compiles without any server), and an OpenAPI unit with the Pets spec they read. */
export const pingUnit = (name: string, description = `${name}.`) => `---
name: ${name}
description: ${description}
httpApi:
  baseUrl: http://127.0.0.1:9
  auth: { type: none }
  actions:
    ping:
      method: GET
      path: /ping
      description: Ping ${name}.
---

# ${name}
`;

/** An OpenAPI unit whose spec is `specs/pets.yaml` beside the project's `.units/` folder. */
export const petsUnit = `---
name: Pets
description: The pet store.
openapiEndpoint:
  specPath: ../specs/pets.yaml
  baseUrl: http://127.0.0.1:9
  auth: { type: none }
---
`;

/** A Notes unit with one HTTP action on a closed local port; `description` tells two versions apart. */
export const notesUnit = (description: string) => `---
name: Notes
description: ${description}
httpApi:
  baseUrl: http://127.0.0.1:9
  auth: { type: none }
  actions:
    list: { method: GET, path: /notes, description: List notes. }
---
`;

/** The parts of {@link petsSpec} the tests vary. */
export interface PetsSpecParts {
  /** The operation's summary; none when left out. */
  summary?: string;
  /** Lines of the operation before its responses (`parameters:`, say), at its keys' indent. */
  lines?: string;
  /** The 200 response's JSON schema, YAML on one line; without it the response has no body. */
  schema?: string;
  /** Text after the operation: another operation of `/pets`, a comment. */
  after?: string;
}

/** An OpenAPI 3.1 spec titled Pets whose `GET /pets` is `listPets`, with the parts a test gives. */
export function petsSpec(parts: PetsSpecParts = {}): string {
  const { summary, lines = "", schema, after = "" } = parts;
  const responses =
    schema === undefined
      ? `      responses: { "200": { description: The pets. } }\n`
      : `      responses:
        "200":
          description: The pets.
          content:
            application/json:
              schema: ${schema}
`;
  return `openapi: 3.1.0
info: { title: Pets, version: "1" }
paths:
  /pets:
    get:
      operationId: listPets
${summary === undefined ? "" : `      summary: ${summary}\n`}${lines}${responses}${after}`;
}
