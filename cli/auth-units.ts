/**
 * The units `unitc auth` works on: the compiled manifest's, or, when there is no manifest yet or it
 * does not have the unit asked for, the project's own config and unit files (loaded, validated and
 * resolved, never discovered). A fresh project can then log in before its first compile, which for
 * an OAuth remote MCP server needs that login to list the tools.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { formatDiagnostics, hasErrors } from "../compiler/codes/diagnostics.js";
import { loadStage, resolveStage, runPipeline, validateStage } from "../compiler/pipeline.js";
import type { ResolvedUnit } from "../compiler/resolve/types.js";
import type { AuthUnit } from "../runtime/auth/status.js";
import { UnitError } from "../runtime/contract/errors.js";
import { readManifest } from "../runtime/contract/manifest.js";
import { defaultManifestPath } from "./find-project.js";
import type { CliIO } from "./io.js";
import { projectOptions } from "./project-args.js";

/** The arguments that say where the units are. */
export interface AuthUnitArgs {
  manifest?: string;
  project?: string;
  config?: string;
  "user-config"?: string;
}

/** The manifest's units; the project's unit files' instead when the manifest is missing or lacks `wanted`. */
export async function authUnits(io: CliIO, args: AuthUnitArgs, wanted?: string): Promise<AuthUnit[]> {
  const named = args.manifest !== undefined;
  const path = resolve(io.cwd, args.manifest ?? defaultManifestPath(io));
  // A manifest named on the command line is the one asked for: missing, it is an error as before.
  if (named || existsSync(path)) {
    const { units } = readManifest(path).manifest;
    if (named || wanted === undefined || units.some((unit) => unit.id === wanted)) return units;
  }
  return projectUnits(io, args);
}

/** The project's units as its files declare them, with the connection fields auth reads. */
async function projectUnits(io: CliIO, args: AuthUnitArgs): Promise<AuthUnit[]> {
  // The user config's own units too: a login is for whichever unit the person names.
  const options = { ...projectOptions(io, args, true), includeUserUnits: true };
  const context = await runPipeline(options, [loadStage, validateStage, resolveStage]);
  if (hasErrors(context.diagnostics)) {
    throw new UnitError(
      "CONFIG_INVALID",
      `the project's config or unit files have errors:\n${formatDiagnostics(context.diagnostics, (f) => f)}`,
      { hint: "fix them (unitc validate lists them), then run unitc auth again" },
    );
  }
  return (context.resolved?.units ?? []).map(authUnit);
}

function authUnit(unit: ResolvedUnit): AuthUnit {
  // Resolve leaves auth and the resource URLs as the manifest's connection carries them.
  return { id: unit.id, kind: unit.kind, connection: unit.backend as AuthUnit["connection"] };
}
