// Validation of 1,000 unit files (a mix of httpApi and cliTools units, about 30 lines of frontmatter
// each): load, schema-check, rule-check and resolve in-process, median of 5 runs. Run after
// `npm run build`; `node bench/validate.mjs` prints the table, bench/run.mjs calls run().
import { benchProject, isMain, median, printTable } from "./support.mjs";

const UNITS = 1000;
const RUNS = 5;
const TARGET_MS = 1000;

function httpUnit(i) {
  return `---
name: Service ${i}
description: Items service number ${i} of the benchmark, with list, read and create actions.
tags: [bench, http, service-${i % 10}]
useWhen: The user asks about items kept by service ${i}.
httpApi:
  baseUrl: https://service-${i}.example.com/api
  auth:
    type: bearer
    token: env:SERVICE_${i}_TOKEN
  requestTimeoutMs: 5000
  actions:
    listItems:
      method: GET
      path: /items
      description: List items, optionally filtered by tag.
      query: { tag: $input.tag, limit: $input.limit }
      inputSchema:
        type: object
        properties:
          tag: { type: string }
          limit: { type: integer, minimum: 1, maximum: 100 }
      annotations: { readOnlyHint: true }
    getItem:
      method: GET
      path: /items/{id}
      description: Read one item by ID.
      inputSchema: { type: object, properties: { id: { type: string } }, required: [id] }
    createItem:
      method: POST
      path: /items
      description: Create an item.
      jsonBody: { name: $input.name }
---

# Service ${i}

A benchmark unit.
`;
}

function cliUnit(i) {
  return `---
name: Tools ${i}
description: Command-line tools number ${i} of the benchmark, run without a shell.
tags: [bench, cli]
avoidWhen: The user wants to change files.
cliTools:
  cwd: .
  timeoutMs: 5000
  maxOutputBytes: 65536
  actions:
    listFiles:
      description: List the files in a folder, one per line.
      command: ls
      args: ["-1", "--", "$input.folder"]
      inputSchema:
        type: object
        properties:
          folder: { type: string, description: Folder to list }
      annotations: { readOnlyHint: true }
    countWords:
      description: Count lines, words and bytes of a file.
      command: wc
      args: ["--", "$input.file"]
      output: { type: text }
      inputSchema:
        type: object
        properties:
          file: { type: string }
        required: [file]
      annotations: { readOnlyHint: true, idempotentHint: true }
---

# Tools ${i}
`;
}

export async function run() {
  const files = {};
  for (let i = 0; i < UNITS; i++) {
    const id = `unit-${String(i).padStart(4, "0")}`;
    files[`.units/${id}.md`] = i % 2 === 0 ? httpUnit(i) : cliUnit(i);
  }
  const dir = await benchProject("validate-1000", files);
  const { validate } = await import("../dist/compiler/index.js");
  const times = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    const context = await validate({ projectDir: dir, userConfigFile: false });
    times.push(performance.now() - started);
    const units = context.resolved?.units.length ?? 0;
    if (context.diagnostics.length > 0 || units !== UNITS)
      throw new Error(
        `expected ${UNITS} clean units, got ${units} and ${context.diagnostics.length} diagnostics`,
      );
  }
  const ms = median(times);
  return [
    { name: "validate 1,000 unit files", value: ms.toFixed(0), unit: "ms", target: `< ${TARGET_MS} ms` },
    {
      name: "validate throughput",
      value: Math.round((UNITS * 1000) / ms).toLocaleString("en"),
      unit: "units/s",
    },
  ];
}

if (isMain(import.meta.url)) printTable(await run());
