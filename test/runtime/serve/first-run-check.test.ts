/**
 * A new `unitc serve`'s first Code Mode script is type-checked: a one-shot client (a new process per
 * task, one script each) must get its type errors too, not only the clients that stay long enough
 * for the checker to finish loading, and whatever state the compile cache the checker loads
 * TypeScript from is in (corrupt, or a folder that cannot be made). A real MCP SDK client over stdio
 * against the built CLI, a fresh serve process per test, the committed example bundle.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closeServeClients,
  connectServeClient,
  resultText,
  type ServeClient,
} from "../../support/serve-clients.js";

afterEach(closeServeClients);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "unitc-first-check-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const manifestPath = fileURLToPath(new URL("../../../generated/basic/manifest.json", import.meta.url));
const env = { NOTES_TOKEN: "first-notes-1", WEATHER_KEY: "first-weather-2" };

/** Passes a number where `now` takes a string city; the call is never made, so no upstream is needed. */
const WRONG_ARGUMENT = `const ask = () => units.weather__current.now({ city: 42 });
return typeof ask`;

/** Runs {@link WRONG_ARGUMENT} as the first script of `client` and expects its type error. */
async function expectTypeError(client: ServeClient): Promise<void> {
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
}

/** The files under `folder`, at any depth. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The TypeScript code cache file under `folder`, once the type checker has written it. */
async function typeScriptCodeCache(folder: string): Promise<string> {
  for (;;) {
    const found = (await filesUnder(folder)).find((file) => /typescript\.js-[0-9a-f]+\.v8cache$/.test(file));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the first script of a new serve", () => {
  it("gets the type error of an operation called with a wrong argument type", async () => {
    await expectTypeError(await connectServeClient("sdk2", { transport: "stdio", manifestPath, env }));
  }, 120_000);

  it("is type-checked with TypeScript's code cache, and when every file of the compile cache is corrupt", async () => {
    const cache = join(dir, "corrupt");
    await mkdir(cache);
    const withCache = { ...env, XDG_CACHE_HOME: cache };
    const filling = await connectServeClient("sdk2", { transport: "stdio", manifestPath, env: withCache });
    await expectTypeError(filling);
    // The checker writes TypeScript's code cache once its answer is on its way.
    const written = await typeScriptCodeCache(join(cache, "unitc/compile-cache"));
    await closeServeClients();
    await expectTypeError(
      await connectServeClient("sdk2", { transport: "stdio", manifestPath, env: withCache }),
    );
    await closeServeClients();
    const files = await filesUnder(join(cache, "unitc/compile-cache"));
    expect(files).toContain(written);
    for (const file of files) await writeFile(file, "not a compile cache entry");
    await expectTypeError(
      await connectServeClient("sdk2", { transport: "stdio", manifestPath, env: withCache }),
    );
  }, 240_000);

  it("is type-checked when the compile cache's folder cannot be made", async () => {
    const withCache = { ...env, XDG_CACHE_HOME: "/dev/null/cache" };
    await expectTypeError(
      await connectServeClient("sdk2", { transport: "stdio", manifestPath, env: withCache }),
    );
  }, 120_000);
});
