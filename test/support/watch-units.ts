/** Unit files the watch and build-record tests build on: one HTTP action on a closed local port (compiles without any server), and an OpenAPI unit on a spec beside the project. */
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
