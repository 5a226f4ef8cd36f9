/**
 * Output cut at a byte cap must not leak part of a secret: by moving where the cut falls, an agent
 * could otherwise read a secret a few characters at a time. A CLI action and an HTTP action print a
 * canary secret so the cut lands at every offset inside it; no result may hold any 4-character
 * prefix of it. Real child processes and a real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime, type UnitRuntime } from "../../runtime/index.js";
import { compileProject } from "../runtime/serve/support.js";
import { startHttpServer, type TestServer } from "../support/http-server.js";
import { cleanupProjects } from "../support/project.js";

const SECRET = `CANARYcut${process.pid}x${Date.now().toString(36)}`;
const CAP = 256;
// Prints `pad` x's, the secret, then more text: the cap falls `CAP - pad` bytes into the secret.
const PRINT =
  "process.stdout.write('x'.repeat(Number(process.argv[1])) + process.env.TOKEN + ' and more text')";

/** The offsets to try: from just before the secret to just after it. */
const PADS = Array.from({ length: SECRET.length + 2 }, (_, i) => CAP - SECRET.length - 1 + i);

function expectNoPrefix(where: string, text: string): void {
  for (let n = 4; n <= SECRET.length; n++) {
    expect(text.includes(SECRET.slice(0, n)), `${where} shows ${n} characters of the secret`).toBe(false);
  }
}

let server: TestServer;
let runtime: UnitRuntime;

beforeAll(async () => {
  server = await startHttpServer((request, res) => {
    const pad = Number(new URL(request.path, "http://x").searchParams.get("pad"));
    res.writeHead(200, { "content-type": "text/plain" }).end(`${"x".repeat(pad)}${SECRET} and more text`);
  });
  const manifest = await compileProject({
    ".units/config.json": JSON.stringify({
      version: 1,
      cliTools: {
        printer: {
          name: "Printer",
          description: "Prints a secret.",
          maxOutputBytes: CAP,
          env: { TOKEN: "env:UNITC_CUT_CANARY" },
          actions: {
            print: {
              description: "Print padding, then the secret.",
              command: process.execPath,
              args: ["-e", PRINT, "$input.pad"],
              inputSchema: { type: "object", properties: { pad: { type: "integer" } }, required: ["pad"] },
            },
          },
        },
      },
      httpApis: {
        echo: {
          name: "Echo",
          description: "Answers with a secret.",
          baseUrl: server.url,
          maxResponseBytes: CAP,
          auth: { type: "bearer", token: "env:UNITC_CUT_CANARY" },
          actions: {
            print: {
              method: "GET",
              path: "/print",
              description: "Answer padding, then the secret.",
              query: { pad: "$input.pad" },
              inputSchema: { type: "object", properties: { pad: { type: "integer" } }, required: ["pad"] },
            },
          },
        },
      },
    }),
  });
  runtime = createRuntime({
    manifestPath: manifest,
    env: { PATH: process.env.PATH, UNITC_CUT_CANARY: SECRET },
  });
});

afterAll(async () => {
  await runtime?.close();
  await server?.close();
  await cleanupProjects();
});

describe("a secret across the output cap", () => {
  it.each([["printer"], ["echo"]])(
    "%s.print never shows 4 characters of it, wherever the cut falls",
    async (unit) => {
      for (const pad of PADS) {
        const result = await runtime.invoke(unit, "print", { pad });
        expect(result.truncated, `pad ${pad}`).toBe(true);
        const text = String(result.value);
        expectNoPrefix(`${unit} with pad ${pad}`, text);
        expect(text.startsWith("x".repeat(Math.min(pad, CAP - 1) - 4))).toBe(true);
        expect(text).toContain("[truncated: output exceeded 256 bytes");
      }
    },
  );
});
