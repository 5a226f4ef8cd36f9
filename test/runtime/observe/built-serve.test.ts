/**
 * The OpenTelemetry SDK as an optional peer, through the built CLI run as a child process: with an
 * OTLP endpoint set, `unitc serve` loads it and exports to a real receiver; with the SDK packages
 * hidden (test/support/hide-packages.mjs resolves them as Node resolves a package that is not
 * installed) it serves anyway and says once which `npm install` brings the export; with no endpoint
 * set it never tries to load them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPTIONAL_PACKAGES } from "../../../runtime/shared/optional-package.js";
import { BUILT_CLI, REPO } from "../../support/built-cli.js";
import type { TestServer } from "../../support/http-server.js";
import { listening } from "../../support/listening.js";
import { type OtlpReceiver, startOtlpReceiver } from "../../support/otlp-receiver.js";
import { suiteTrust } from "../../support/trust-env.js";
import { directNotesProject, startNotesServer } from "../serve/fixtures.js";
import { closeAll, compileProject, eventually } from "../serve/support.js";

const SDK = Object.keys(OPTIONAL_PACKAGES).filter((name) => name.startsWith("@opentelemetry/"));

let receiver: OtlpReceiver;
let notes: TestServer;
let manifestPath: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  notes = await startNotesServer();
  manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
});

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await closeAll();
  await notes.close();
  await receiver.close();
});

/** `unitc serve --transport http` from the built CLI with `env`, `hidden` packages made absent. */
async function serveChild(env: Record<string, string>, hidden: string[] = []) {
  const token = randomBytes(24).toString("base64url");
  const args = ["--import", join(REPO, "test/support/hide-packages.mjs"), BUILT_CLI, "serve"];
  args.push("--manifest", manifestPath, "--user-config", "none", "--transport", "http", "--port", "0");
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? "",
      ...suiteTrust(),
      UNITC_SERVE_TOKEN: token,
      UNITC_HIDE_PACKAGES: hidden.join(","),
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  const { url, stderr } = await listening(child);
  const client = new Client({ name: "built-serve-test", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => token } }),
  );
  const result = await client.callTool({ name: "notes__getNote", arguments: { id: "n1" } });
  await client.close();
  return { result, stderr, stop: () => child.kill("SIGTERM") };
}

describe("the OpenTelemetry SDK, an optional peer of the built CLI", () => {
  it("is loaded with an OTLP endpoint set, and the serve's spans reach the receiver", async () => {
    const serving = await serveChild({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: "50",
    });
    expect(serving.result.isError).toBeFalsy();
    expect(serving.stderr()).toContain("OpenTelemetry: exporting traces and metrics over OTLP/HTTP");
    await eventually(() => receiver.spans().some((span) => span.name === "call notes.getNote"));
    serving.stop();
  });

  it("is missing: serving works, and the log names the one install command", async () => {
    const serving = await serveChild({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, SDK);
    expect(serving.result.isError).toBeFalsy();
    const log = serving.stderr();
    expect(log).toContain("warning: no OpenTelemetry export:");
    expect(log).toContain("which is not installed; hint: npm install @opentelemetry/");
    for (const name of SDK)
      expect(log).toContain(`${name}@${OPTIONAL_PACKAGES[name as keyof typeof OPTIONAL_PACKAGES].version}`);
    expect(log).not.toMatch(/\n\s+at /);
    serving.stop();
  });

  it("is never loaded without an endpoint: no warning though the packages are missing", async () => {
    const serving = await serveChild({}, SDK);
    expect(serving.result.isError).toBeFalsy();
    expect(serving.stderr()).not.toContain("OpenTelemetry");
    serving.stop();
  });
});
