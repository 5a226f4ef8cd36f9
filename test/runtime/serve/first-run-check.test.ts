/**
 * A new `unitc serve`'s first Code Mode script is type-checked: a one-shot client (a new process per
 * task, one script each) must get its type errors too, not only the clients that stay long enough
 * for the checker to finish loading. A real MCP SDK client over stdio against the built CLI, a fresh
 * serve process per test, the committed example bundle.
 */
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { closeServeClients, connectServeClient, resultText } from "../../support/serve-clients.js";

afterEach(closeServeClients);

const manifestPath = fileURLToPath(new URL("../../../generated/basic/manifest.json", import.meta.url));
const env = { NOTES_TOKEN: "first-notes-1", WEATHER_KEY: "first-weather-2" };

/** Passes a number where `now` takes a string city; the call is never made, so no upstream is needed. */
const WRONG_ARGUMENT = `const ask = () => units.weather__current.now({ city: 42 });
return typeof ask`;

describe("the first script of a new serve", () => {
  it("gets the type error of an operation called with a wrong argument type", async () => {
    const client = await connectServeClient("sdk2", { transport: "stdio", manifestPath, env });
    const result = await client.callTool("code_mode", { code: WRONG_ARGUMENT });
    expect(result.isError, resultText(result)).toBeFalsy();
    const body = result.structuredContent as {
      value?: unknown;
      diagnostics?: Array<Record<string, unknown>>;
    };
    expect(body.value).toBe("function");
    expect(body.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "TS2322", line: 1 }),
    ]);
    expect(resultText(result)).not.toContain("TYPECHECK_SKIPPED");
  }, 120_000);
});
