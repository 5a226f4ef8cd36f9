/**
 * The optional packages (storage drivers, tokens, --bundle, Swagger 2.0): a missing one is the
 * OPTIONAL_PACKAGE_MISSING error naming the install command, and package.json declares each as an
 * optional peer dependency at the version the loader names.
 * "Missing" is simulated two honest ways: the loader pointed at a package name that does not exist,
 * and the built CLI run as a child process with a loader hook (test/support/hide-packages.mjs) that
 * resolves `pg` or `@aws-sdk/client-s3` as Node resolves a package that is not installed.
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FRAMEWORKS } from "../../../cli/tokens/frameworks.js";
import {
  importOptional,
  OPTIONAL_PACKAGES,
  OptionalPackageError,
} from "../../../runtime/shared/optional-package.js";
import { BUILT_CLI, REPO } from "../../support/built-cli.js";

/** The agent frameworks: optional peers too, imported by their adapter (`unitc/<framework>`) only. */
const ADAPTER_FRAMEWORKS = ["@langchain/core", "@mastra/core", "@openai/agents", "ai"];

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** Runs the built CLI with `packages` hidden; resolves with its exit code, stdout and stderr. */
function unitcWithout(packages: string[], args: string[], cwd: string, env: Record<string, string>) {
  return nodeWithout(packages, [BUILT_CLI, ...args], cwd, env);
}

/** Runs Node on `args` with `packages` hidden; resolves with its exit code, stdout and stderr. */
function nodeWithout(packages: string[], args: string[], cwd: string, env: Record<string, string>) {
  const hook = join(REPO, "test/support/hide-packages.mjs");
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", hook, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? "", UNITC_HIDE_PACKAGES: packages.join(","), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("optional packages", () => {
  it("names the package and the install command when the package is not installed", async () => {
    const absent = "unitc-test-no-such-package";
    const failure = await importOptional(absent, () => import(absent), {
      version: "1.2.3",
      enables: "the test feature",
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OptionalPackageError);
    const error = failure as OptionalPackageError;
    expect(error.code).toBe("OPTIONAL_PACKAGE_MISSING");
    expect(error.message).toBe(`the test feature needs the package ${absent}, which is not installed`);
    expect(error.hint).toBe(`npm install ${absent}@1.2.3`);
  });

  it("passes on a failure that is not the package's absence", async () => {
    const inner = Object.assign(new Error("Cannot find package 'pg-protocol' imported from pg"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    await expect(importOptional("pg", () => Promise.reject(inner))).rejects.toBe(inner);
    await expect(importOptional("pg", () => import("pg"))).resolves.toHaveProperty("default.Pool");
  });

  it("declares each as an optional peer dependency, at the version the loader names, kept for tests", async () => {
    const pkg = JSON.parse(await readFile(join(REPO, "package.json"), "utf8"));
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(
      [...Object.keys(OPTIONAL_PACKAGES), ...ADAPTER_FRAMEWORKS].sort(),
    );
    for (const [name, { version }] of Object.entries(OPTIONAL_PACKAGES)) {
      expect(pkg.peerDependencies[name]).toBe(version);
      expect(pkg.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(pkg.devDependencies[name]).toBe(version);
      expect(pkg.dependencies[name]).toBeUndefined();
    }
  });

  it("keeps each agent framework an optional peer its adapter alone imports", async () => {
    const pkg = JSON.parse(await readFile(join(REPO, "package.json"), "utf8"));
    const adapters = await Promise.all(
      ["ai-sdk.ts", "langchain.ts", "mastra.ts", "openai-agents.ts"].map((file) =>
        readFile(join(REPO, "runtime/adapters", file), "utf8"),
      ),
    );
    for (const name of ADAPTER_FRAMEWORKS) {
      // A framework may be imported by its subpaths (`@langchain/core/tools`, `@mastra/core/tools`).
      expect(
        adapters.some((text) => text.includes(`from "${name}"`) || text.includes(`from "${name}/`)),
      ).toBe(true);
      expect(pkg.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(pkg.devDependencies[name]).toBe(pkg.peerDependencies[name]);
      expect(pkg.dependencies[name]).toBeUndefined();
    }
  });

  it("counts each framework's tokens at its peer version, naming the install when it is missing", async () => {
    const pkg = JSON.parse(await readFile(join(REPO, "package.json"), "utf8"));
    const frameworks = Object.values(FRAMEWORKS);
    expect(frameworks.map((framework) => framework.pkg).sort()).toEqual([...ADAPTER_FRAMEWORKS].sort());
    for (const framework of frameworks) expect(pkg.peerDependencies[framework.pkg]).toBe(framework.version);
    const manifest = join(REPO, "generated/basic/manifest.json");
    const args = ["tokens", "--manifest", manifest, "--framework", "ai-sdk"];
    const run = await unitcWithout(["ai"], args, REPO, {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "unitc tokens: OPTIONAL_PACKAGE_MISSING unitc tokens --framework ai-sdk needs the package ai",
    );
    expect(run.stderr).toContain(`hint: npm install ai@${FRAMEWORKS["ai-sdk"].version}`);
    expect(run.stderr).not.toContain("    at ");
  });

  it.each([
    ["postgresql", "pg", { connection: "env:PG_DSN" }],
    [
      "object_store",
      "@aws-sdk/client-s3",
      { bucket: "b", region: "us-east-1", endpoint: "http://127.0.0.1:9" },
    ],
  ])(
    "a %s store without %s fails with the install command, no stack trace",
    async (provider, name, fields) => {
      const dir = await mkdtemp(join(tmpdir(), "unitc-optional-"));
      folders.push(dir);
      const config = join(dir, "user.json");
      const storage = { provider, vaultKey: "env:VAULT_KEY", ...fields };
      await writeFile(config, JSON.stringify({ storage }));
      const env = { XDG_DATA_HOME: dir, PG_DSN: "postgresql://127.0.0.1:9/db", VAULT_KEY: "unused" };
      const run = await unitcWithout([name], ["secret", "list", "--user-config", config], dir, env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `OPTIONAL_PACKAGE_MISSING the ${provider} storage provider needs the package ${name}`,
      );
      expect(run.stderr).toContain(`hint: npm install ${name}@${OPTIONAL_PACKAGES[name as "pg"].version}`);
      expect(run.stderr).not.toContain("    at ");
    },
  );

  it("compile --bundle without esbuild names it, with one command for every package --bundle needs", async () => {
    const dir = await mkdtemp(join(tmpdir(), "unitc-optional-"));
    folders.push(dir);
    const action = { method: "GET", path: "/notes", description: "List notes." };
    const http = {
      name: "Notes",
      description: "Notes.",
      baseUrl: "http://127.0.0.1:9",
      auth: { type: "none" },
    };
    await mkdir(join(dir, ".units"));
    await writeFile(
      join(dir, ".units/config.json"),
      JSON.stringify({ version: 1, httpApis: { notes: { ...http, actions: { listNotes: action } } } }),
    );
    const args = ["compile", "--project", dir, "--user-config", "none"];
    const run = await unitcWithout(["esbuild"], [...args, "--bundle"], dir, { XDG_DATA_HOME: dir });
    expect(run.code).toBe(1);
    // Compile's diagnostics go to stdout.
    expect(run.stdout).toContain(
      "BUNDLE_FAILED unitc compile --bundle needs the package esbuild, which is not installed",
    );
    expect(run.stdout).toContain(
      "npm install esbuild@0.28.2 @rollup/wasm-node@4.68.4 rollup-plugin-esbuild@6.2.1",
    );
    expect(`${run.stdout}${run.stderr}`).not.toContain("    at ");
  });

  it("Code Mode strips a script's types without esbuild", async () => {
    const transform = join(REPO, "dist/runtime/sandbox/transform.js");
    const script = [
      `const { prepareScript } = await import(${JSON.stringify(transform)});`,
      'const ok = await prepareScript("enum Size { S = 1 }\\nconst n: number = Size.S;\\nn + 1", 46);',
      'const bad = await prepareScript("const x: number = ;");',
      "process.stderr.write(JSON.stringify({ value: await eval(ok.js), bad }));",
    ].join("\n");
    const run = await nodeWithout(["esbuild"], ["--input-type=module", "-e", script], REPO, {});
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stderr)).toEqual({
      value: 2,
      bad: { message: "Expression expected.", line: 1, column: 19 },
    });
  });
});
