/**
 * One-operation descriptions that name the address their API is served at, for the tests on what a
 * spec may choose: an OpenAPI document (`servers`) and a discovery document (`rootUrl`).
 */

/** An OpenAPI 3.1 document with one `GET /ping` operation served at `server`. */
export const openapi = (server: string) =>
  JSON.stringify({
    openapi: "3.1.0",
    info: { title: "Served", version: "1" },
    servers: [{ url: server }],
    paths: { "/ping": { get: { operationId: "ping", responses: { "204": { description: "Pong." } } } } },
  });

/** A discovery document with one `items.ping` method served under `root`. */
export const discovery = (root: string) =>
  JSON.stringify({
    kind: "discovery#restDescription",
    discoveryVersion: "v1",
    name: "served",
    version: "v1",
    rootUrl: root,
    servicePath: "api/",
    resources: { items: { methods: { ping: { id: "served.items.ping", path: "ping", httpMethod: "GET" } } } },
  });
