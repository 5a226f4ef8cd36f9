/**
 * `unitc dev` type-checks Code Mode scripts against the declarations of the build it serves now: an
 * OpenAPI operation that gains a required parameter under dev makes a script that passed the check
 * fail it, and a script that passes the parameter passes, without a restart. The checker loads a
 * bundle's declarations anew when its `manifest.json` or `.code-mode/units.d.ts` is rewritten, and the
 * unit counts as changed (clients are told) because its manifest entry is: every source a unit's
 * declarations are written from is under its `sourceHash`. A real `unitc dev` child with the SDK's
 * client over its stdio.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually } from "../runtime/serve/support.js";
import { writeProject } from "../support/project.js";
import { devOverStdio, xdgFolders } from "../support/user-units.js";
import { petsSpec } from "../support/watch-units.js";

const startDev = devOverStdio();

/** `listPets` with an optional `limit`, and a required `owner` too when `owner`. */
const spec = (owner: boolean) =>
  petsSpec({
    summary: "List the pets.",
    lines: `      parameters:
        - { name: limit, in: query, schema: { type: integer } }
${owner ? "        - { name: owner, in: query, required: true, schema: { type: string } }\n" : ""}`,
  });

const unit = `---
name: Pets
description: Pets.
exposure: code_mode
openapiEndpoint:
  specPath: pets.yaml
  baseUrl: http://127.0.0.1:9/api
  auth: { type: none }
---
`;

/** Never called: the script only names the call, so the check is all that runs against the API. */
const script = (args: string) => `const ask = () => units.pets.listPets(${args});\nreturn typeof ask`;

interface Checked {
  value?: unknown;
  diagnostics?: Array<{ code?: string; severity?: string }>;
}

describe("unitc dev: Code Mode's type check follows the declarations it serves", () => {
  it("fails a script that passed once an operation gains a required parameter, and passes one that gives it", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({ version: 1 }),
      ".units/pets.md": unit,
      ".units/pets.yaml": spec(false),
    });
    const served = await startDev(dir, xdgFolders(dir), ["--user-config", "none"]);
    const run = async (code: string) =>
      (await served.client.callTool({ name: "code_mode", arguments: { code } })).structuredContent as Checked;
    /** The codes of a run's diagnostics, once the checker has answered for the bundle served now. */
    const codes = async (code: string) => {
      let found: string[] = [];
      await eventually(async () => {
        const body = await run(code);
        expect(body.value).toBe("function");
        found = (body.diagnostics ?? []).map((d) => d.code ?? "");
        return !found.includes("TYPECHECK_SKIPPED");
      }, 60_000);
      return found;
    };
    expect(await codes(script("{}"))).toEqual([]);

    // `owner` becomes required: the same script fails the check now, one that passes it does not.
    await writeFile(join(dir, ".units/pets.yaml"), spec(true));
    await eventually(
      () => /serving the new build \(1 unit changed\); clients notified/.test(served.stderr()),
      30_000,
    );
    // TS2345: the argument lacks `query`, which `owner` now makes required.
    expect(await codes(script("{}"))).toEqual(["TS2345"]);
    expect(await codes(script('{ query: { owner: "ann" } }'))).toEqual([]);
    // And the old declaration is gone: a wrong type for the new parameter is caught too.
    expect(await codes(script("{ query: { owner: 7 } }"))).toEqual(["TS2322"]);
  });
});
