/**
 * The project's units as `setup`, `verify` and `doctor` see them: setup items and declared runtime
 * needs read from the config (setup items are not in the bundle; relative `cwd`s start at the
 * declaring file's folder), and the unit IDs a command line names checked against them.
 */
import { validate } from "../compiler/index.js";
import type { PipelineContext } from "../compiler/pipeline.js";
import type { UnitRuntimeNeeds } from "../runtime/contract/manifest.js";
import type { SetupItem, SetupUnit } from "../runtime/setup/plan.js";
import { type CliIO, UsageError } from "./io.js";
import { projectOptions } from "./project-args.js";

/** A unit's setup items and declared runtime needs. */
export interface ProjectUnit extends SetupUnit {
  runtime?: UnitRuntimeNeeds;
  file: string;
}

/** The validated project and its units (none when it has errors that stopped resolve). */
export async function projectUnits(
  io: CliIO,
  args: { project?: string; config?: string; "user-config"?: string },
): Promise<{ context: PipelineContext; units: ProjectUnit[] }> {
  const context = await validate(projectOptions(io, args));
  const units = (context.resolved?.units ?? []).map((unit): ProjectUnit => {
    const setup = (unit.setup ?? {}) as { commands?: SetupItem[]; verify?: SetupItem[] };
    return {
      id: unit.id,
      baseDir: unit.baseDir,
      file: unit.origin.file,
      commands: setup.commands ?? [],
      verify: setup.verify ?? [],
      ...(unit.runtime ? { runtime: unit.runtime as UnitRuntimeNeeds } : {}),
    };
  });
  return { context, units };
}

/** The units `ids` name, in the order given; every ID must be a unit of the project. */
export function pickUnits(units: ProjectUnit[], ids: readonly string[]): ProjectUnit[] {
  const byId = new Map(units.map((u) => [u.id, u]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const known = units.map((u) => u.id).join(", ") || "none";
    throw new UsageError(`no unit ${missing.join(", ")} in this project (units: ${known})`);
  }
  return [...new Set(ids)].map((id) => byId.get(id) as ProjectUnit);
}

/** An argv word as a shell reader would need it to be typed: bare when safe, else JSON-quoted. */
export function shownWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : JSON.stringify(word);
}
