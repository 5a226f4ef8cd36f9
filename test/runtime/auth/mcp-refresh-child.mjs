// A process calling an OAuth-protected remote MCP server for the MCP refresh race test: the built
// runtime (dist/) connects and calls `echo` once the parent says "go" on stdin, then reports the
// outcome on stdout as one JSON line.
import { createInterface } from "node:readline";
import { openMcp } from "../../../dist/runtime/invoke/mcp/connect.js";

const job = JSON.parse(process.argv[2]);
const connection = { kind: "mcp", transport: "http", url: job.url, auth: job.auth, startupTimeoutMs: 20_000 };
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "go") break;
}
try {
  const open = await openMcp(connection, { unitId: job.unit, env: job.env, baseDir: job.env.XDG_DATA_HOME });
  try {
    const result = await open.client.callTool({ name: "echo", arguments: { text: job.text } });
    process.stdout.write(`${JSON.stringify({ ok: true, content: result.content })}\n`);
  } finally {
    await open.close();
  }
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ok: false, code: error.code, message: error.message })}\n`);
}
process.exit(0);
