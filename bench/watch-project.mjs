// A generated project of many HTTP-action unit files (`.units/svc<i>.md`), for the watch benchmark.
import { benchProject } from "./support.mjs";

/** The text of unit file `i`; `revision` changes its description (the edit the benchmark makes). */
export function unitText(i, revision = 0) {
  return `---
name: Service ${i}
description: Service number ${i} of the benchmark, revision ${revision}.
tags: [bench, service${i % 10}]
httpApi:
  baseUrl: http://127.0.0.1:9/${i}
  auth: { type: bearer, token: "env:BENCH_TOKEN" }
  actions:
    listItems:
      method: GET
      path: /items
      description: List items of service ${i}.
      query: { limit: $input.limit, q: $input.q }
      inputSchema:
        type: object
        properties:
          limit: { type: integer, minimum: 1 }
          q: { type: string }
      outputSchema:
        type: array
        items: { type: object, properties: { id: { type: string }, name: { type: string } } }
    getItem:
      method: GET
      path: /items/{id}
      description: Read one item.
      inputSchema: { type: object, properties: { id: { type: string } }, required: [id] }
    createItem:
      method: POST
      path: /items
      description: Create an item.
      jsonBody: { name: $input.name }
      inputSchema: { type: object, properties: { name: { type: string } }, required: [name] }
---

# Service ${i}
`;
}

/** Writes a project of `count` unit files under .bench-cache/<name>; returns its folder. */
export function watchProject(name, count) {
  const files = { ".units/config.json": `${JSON.stringify({ version: 1 })}\n` };
  for (let i = 0; i < count; i++) files[`.units/svc${i}.md`] = unitText(i);
  return benchProject(name, files);
}
