// A process refreshing OAuth tokens for the race test: the built runtime (dist/) calls the protected
// API once the parent says "go" on stdin, then reports the outcome on stdout as one JSON line.
import { createInterface } from "node:readline";
import { openTokenStore } from "../../../dist/runtime/auth/open.js";
import { OAuthTokens } from "../../../dist/runtime/auth/tokens.js";
import { invokeHttp } from "../../../dist/runtime/invoke/http/index.js";

const job = JSON.parse(process.argv[2]);
const tokens = await openTokenStore(job.env);
const source = new OAuthTokens(tokens, job.env);
const operation = {
  name: "call",
  tsName: "call",
  description: "",
  inputSchema: { type: "object" },
  invoke: { kind: "http", method: "GET", path: "/race" },
  schemaHash: "0".repeat(64),
};
const connection = {
  kind: "http",
  baseUrl: job.apiUrl,
  auth: job.auth,
  requestTimeoutMs: 10_000,
  maxResponseBytes: 100_000,
};
const unit = {
  id: job.unit,
  kind: "http",
  name: "race",
  description: "",
  tags: [],
  exposure: "direct",
  shadowing: "forbid",
  connection,
  operations: [operation],
  sourceHash: "0".repeat(64),
};
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "go") break;
}
try {
  const result = await invokeHttp({}, { unit, operation, env: job.env, baseDir: ".", oauth: source });
  process.stdout.write(`${JSON.stringify({ ok: true, value: result.value })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ok: false, code: error.code, message: error.message })}\n`);
}
await tokens.store.close();
