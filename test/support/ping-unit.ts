/** A unit file with one HTTP action (`ping`) on a closed local port: a unit that compiles without any server. */
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
