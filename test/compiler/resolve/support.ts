/**
 * What the unit-setting tests in this folder share: a project written to disk and compiled for real,
 * its manifest as written, and the published manifest schema to hold it against.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { compile } from "../../../compiler/index.js";
import type { Manifest } from "../../../runtime/contract/manifest.js";
import { writeProject } from "../../support/project.js";

const manifestSchema = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../../schemas/manifest.schema.json", import.meta.url)), "utf8"),
);

/** The published manifest schema, compiled strictly. */
export const validateManifest = new Ajv2020.default({ strict: true, strictTypes: false }).compile(
  manifestSchema,
);

/** `files` written as a project with no user config and compiled: the manifest (if any) and the diagnostics. */
export async function compileFiles(files: Record<string, string>) {
  const dir = await writeProject(files);
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir: join(dir, "generated") });
  const text = result.files.get("manifest.json");
  const manifest = text ? (JSON.parse(text) as Manifest) : undefined;
  return { manifest, diagnostics: result.diagnostics };
}

/** A CLI action running `command`. */
export const action = (command: string) => ({ description: `Run ${command}.`, command });
