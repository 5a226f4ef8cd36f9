/** Shared setup of the CLI invoker tests: operations built from a small factory, real processes. */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { UnitError } from "../../../../runtime/contract/errors.js";
import type { CliInvoke, ManifestOperation, ManifestUnit } from "../../../../runtime/contract/manifest.js";
import type { InvokeContext } from "../../../../runtime/invoke/shared/types.js";

/** Absolute path of a script in `test/fixtures/cli/`. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../../../fixtures/cli/${name}`, import.meta.url));
}

/** A fresh temporary folder (real path, so it compares equal to a child's `process.cwd()`). */
export function tempDir(): { dir: string; remove: () => void } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "unitc-cli-")));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A CLI action running node with `script` unless `command` is given. */
export function cliInvoke(overrides: Partial<CliInvoke> = {}): CliInvoke {
  return {
    kind: "cli",
    command: process.execPath,
    args: [],
    env: {},
    cwd: ".",
    timeoutMs: 10_000,
    maxOutputBytes: 1_000_000,
    output: "text",
    ...overrides,
  };
}

/** The context of one call of `invoke`, as the runtime core would build it. */
export function cliContext(
  invoke: CliInvoke,
  options: Partial<InvokeContext> & { baseDir: string },
): InvokeContext {
  const operation: ManifestOperation = {
    name: "run",
    tsName: "run",
    description: "runs a command",
    inputSchema: { type: "object" },
    invoke,
    schemaHash: "0".repeat(64),
  };
  const unit: ManifestUnit = {
    id: "tools",
    kind: "cli",
    name: "Tools",
    description: "CLI tools",
    tags: [],
    exposure: "direct",
    shadowing: "forbid",
    connection: { kind: "cli" },
    operations: [operation],
    sourceHash: "0".repeat(64),
  };
  return { unit, operation, env: { PATH: process.env.PATH, HOME: options.baseDir }, ...options };
}

/** The `UnitError` a call rejects with. */
export async function failure(call: Promise<unknown>): Promise<UnitError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnitError);
  return error as UnitError;
}

export { isRunning } from "../../../support/running.js";

/** Waits until `file` exists and holds text, then returns the pids it lists. */
export async function readPids(file: string): Promise<number[]> {
  const deadline = Date.now() + 10_000;
  while (!existsSync(file) || readFileSync(file, "utf8").trim() === "") {
    if (Date.now() > deadline) throw new Error(`${file} was never written`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return readFileSync(file, "utf8").trim().split(/\s+/).map(Number);
}
