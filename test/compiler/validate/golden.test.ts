/**
 * Golden diagnostics for invalid inputs. Every folder in test/fixtures/invalid/ is one small project;
 * test/fixtures/invalid/expected-diagnostics.txt holds, per folder, a `## <case>` header and the exact
 * text `unitc validate` prints for it (paths relative to the case folder). The whole file is compared.
 *
 * After an intended change to a message, regenerate and review the diff:
 *   UPDATE_GOLDEN=1 npx vitest run test/compiler/validate/golden.test.ts
 * Without UPDATE_GOLDEN the test fails on any difference.
 */

import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../../compiler/codes/diagnostics.js";
import { validate } from "../../../compiler/index.js";
import { expectGoldenCases, listCases } from "../../support/golden-cases.js";

const root = fileURLToPath(new URL("../../fixtures/invalid/", import.meta.url));
const goldenFile = join(root, "expected-diagnostics.txt");

async function diagnosticsOf(name: string): Promise<string> {
  const dir = join(root, name);
  const context = await validate({ projectDir: dir, userConfigFile: false });
  return formatDiagnostics(context.diagnostics, (file) => relative(dir, file).split("\\").join("/"));
}

describe("golden diagnostics of test/fixtures/invalid", () => {
  it("holds at least 20 cases, each printing at least one diagnostic", async () => {
    const cases = await listCases(root);
    expect(cases.length).toBeGreaterThanOrEqual(20);
    for (const name of cases) expect(await diagnosticsOf(name), name).not.toBe("");
  });

  it("prints exactly expected-diagnostics.txt", async () => {
    await expectGoldenCases(root, goldenFile, diagnosticsOf);
  });
});
