/** Unit files the watch tests build on: one HTTP action on a closed local port (compiles without any server), and an OpenAPI unit on a spec beside the project. */
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
