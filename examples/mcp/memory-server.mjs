#!/usr/bin/env node
// Starts the reference MCP memory server (from this repository's node_modules) over stdio with a
// knowledge graph of its own: a fresh file in a temp folder for the life of this process, removed
// when it ends, so builds and demo runs never share or leave memory behind.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "unitc-example-memory-"));
process.env.MEMORY_FILE_PATH = join(dir, "memory.jsonl");
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => process.exit(0));
process.stdin.on("end", () => process.exit(0));
await import("@modelcontextprotocol/server-memory/dist/index.js");
