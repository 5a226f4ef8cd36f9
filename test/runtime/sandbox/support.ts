/**
 * Test helpers for Code Mode: the committed examples/basic bundle (generated/basic) against the
 * example's real HTTP service, started on a free port, and its real CLI actions.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { manifestText } from "../../../compiler/emit/manifest-compact.js";
import { manifestOffsetsFile } from "../../../compiler/emit/manifest-offsets.js";
import { startExampleServer } from "../../../examples/basic/server.mjs";
import { checkManifest } from "../../../runtime/contract/manifest.js";
import { MANIFEST_OFFSETS_FILE } from "../../../runtime/contract/manifest-slice.js";
import { createRuntime, type Manifest, type ManifestUnit, type UnitRuntime } from "../../../runtime/index.js";
import {
  type CodeModeInput,
  type CodeModeResult,
  runCodeMode,
  type SandboxPool,
} from "../../../runtime/sandbox/index.js";
import { UNITS_INDEX_FILE } from "../../../runtime/search/units-index.js";
import { unitsIndexFile } from "../../../runtime/search/units-index-build.js";
import { writeProject } from "../../support/project.js";

/** Scripts of 1 to `most` pieces, one a line, for property tests of how scripts are read. */
export function scriptsOf(pieces: readonly string[], most: number): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: most })
    .map((lines) => lines.join("\n"));
}

export const bundleDir = fileURLToPath(new URL("../../../generated/basic", import.meta.url));
const exampleDir = fileURLToPath(new URL("../../../examples/basic", import.meta.url));

export const env = {
  PATH: process.env.PATH,
  NOTES_TOKEN: "notes-canary-7f3a9",
  WEATHER_KEY: "weather-canary-51bd",
};

/**
 * The committed manifest as the runtime reads it, pointed at a server on `origin` (its units say 127.0.0.1:4319, which
 * other test files may hold) and with the CLI actions' folder made absolute.
 */
export function exampleManifest(origin: string): Manifest {
  // Read as the runtime reads it: a CLI action's invoke says its kind once derived (format 3).
  const manifest = checkManifest(JSON.parse(readFileSync(`${bundleDir}/manifest.json`, "utf8")));
  for (const unit of manifest.units) {
    const connection = unit.connection as { baseUrl?: string };
    if (connection.baseUrl) connection.baseUrl = connection.baseUrl.replace("http://127.0.0.1:4319", origin);
    for (const op of unit.operations) {
      if (op.invoke.kind === "cli") (op.invoke as { cwd: string }).cwd = exampleDir;
    }
  }
  return manifest;
}

/**
 * For copying the committed bundle: true unless `src` lies in its `bundle/` folder (the `--bundle`
 * output). Read below the bundle's own folder, so a checkout whose path names "bundle" copies too.
 */
export function outsideBundleFolder(src: string): boolean {
  return !relative(bundleDir, src).split(sep).includes("bundle");
}

/**
 * A copy of the committed bundle in a new temp folder (removed by `cleanupProjects`) whose manifest
 * points at the example service on `origin`, so tests never need the port the example names.
 */
export async function copyExampleBundle(origin: string): Promise<string> {
  const dir = join(await writeProject({}), "generated");
  cpSync(bundleDir, dir, { recursive: true, filter: outsideBundleFolder });
  // Laid out as compile writes it, with the summary and offsets table a compile writes beside it.
  const manifest = manifestText(exampleManifest(origin));
  writeFileSync(join(dir, "manifest.json"), manifest);
  writeFileSync(join(dir, UNITS_INDEX_FILE), unitsIndexFile(manifest));
  writeFileSync(join(dir, MANIFEST_OFFSETS_FILE), manifestOffsetsFile(manifest) ?? "");
  return dir;
}

export interface ExampleBundle {
  runtime: UnitRuntime;
  url: string;
  run(code: string, more?: Omit<CodeModeInput, "code">): Promise<CodeModeResult>;
  close(): Promise<void>;
}

/** Starts the example service and a runtime over the committed bundle. */
export async function startExample(pool?: SandboxPool): Promise<ExampleBundle> {
  const server = await startExampleServer({
    port: 0,
    notesToken: env.NOTES_TOKEN,
    weatherKey: env.WEATHER_KEY,
  });
  const runtime = createRuntime({ manifest: exampleManifest(server.url), baseDir: bundleDir, env });
  return {
    runtime,
    url: server.url,
    run: (code, more = {}) => runCodeMode(runtime, { code, ...more }, bundleDir, pool ? { pool } : {}),
    async close() {
      await runtime.close();
      await server.close();
    },
  };
}

/**
 * A bundle of one Code Mode unit, `calc`, whose operation `add({ a, b })` runs in-process: give
 * createRuntime an `in-process` invoker (the hook the benchmark uses) to answer it.
 */
export function calcManifest(): Manifest {
  const unit: ManifestUnit = {
    id: "calc",
    kind: "cli",
    name: "Calc",
    description: "In-process arithmetic.",
    tags: [],
    exposure: "code_mode",
    shadowing: "forbid",
    connection: { kind: "cli" },
    operations: [
      {
        name: "add",
        tsName: "add",
        description: "Add two numbers.",
        inputSchema: {
          type: "object",
          properties: { a: { type: "number" }, b: { type: "number" } },
          required: ["a", "b"],
        },
        invoke: { kind: "in-process" },
        schemaHash: "sha256:test",
      },
    ],
    sourceHash: "sha256:test",
  } as unknown as ManifestUnit;
  return {
    format: 1,
    generator: "unitc",
    settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
    units: [unit],
  } as Manifest;
}
