/**
 * A project's command set: every command it declares that unitc would start on this machine (stdio
 * MCP servers, CLI actions, setup commands and verify items, its unit sets' included), and the hash
 * a trust record is given for. The user config's own units are the user's and are left out.
 */

import { stringMap } from "../../compiler/discover/shared/string-map.js";
import { expandUnitSets } from "../../compiler/discover/unit-sets/index.js";
import { validate } from "../../compiler/index.js";
import type { PipelineContext } from "../../compiler/pipeline.js";
import type { ResolvedUnit } from "../../compiler/resolve/types.js";
import { resolveCommand } from "../../runtime/invoke/cli/plan.js";
import type { SetupItem } from "../../runtime/setup/plan.js";
import { contentHash } from "../../runtime/shared/canonical.js";
import type { CliIO } from "../io.js";
import { absolute, type CommandSet, type ProjectCommand } from "./commands.js";
import { projectTrusted } from "./gate.js";

function setupCommands(unit: ResolvedUnit): ProjectCommand[] {
  const setup = (unit.setup ?? {}) as { commands?: SetupItem[]; verify?: SetupItem[] };
  return (["commands", "verify"] as const).flatMap((phase) =>
    (setup[phase] ?? []).map((item) => ({
      unit: unit.id,
      kind: phase === "commands" ? ("setup" as const) : ("verify" as const),
      label: item.label,
      command: resolveCommand(item.command, unit.baseDir),
      args: item.args ?? [],
      env: stringMap(item.env ?? {}),
      cwd: absolute(item.cwd ?? ".", unit.baseDir),
    })),
  );
}

function backendCommands(unit: ResolvedUnit): ProjectCommand[] {
  if (unit.kind === "mcp") {
    const { backend } = unit;
    const stdio = (backend.transport ?? (backend.command !== undefined ? "stdio" : "http")) === "stdio";
    if (!stdio || backend.command === undefined) return [];
    return [
      {
        unit: unit.id,
        kind: "mcp",
        label: unit.id,
        command: resolveCommand(String(backend.command), unit.baseDir),
        args: backend.args ?? [],
        env: stringMap(backend.env ?? {}),
        cwd: absolute(backend.cwd ?? ".", unit.baseDir),
      },
    ];
  }
  if (unit.kind !== "cli") return [];
  const { backend } = unit;
  return Object.entries(backend.actions).flatMap(([name, action]) =>
    action === undefined
      ? []
      : [
          {
            unit: unit.id,
            kind: "cli" as const,
            label: name,
            command: resolveCommand(action.command, unit.baseDir),
            args: action.args ?? [],
            env: stringMap({ ...backend.env, ...action.env }),
            cwd: absolute(action.cwd ?? backend.cwd ?? ".", unit.baseDir),
          },
        ],
  );
}

/** The command set of a project's resolved units (unit sets expanded; the user config's units left out). */
export async function projectCommandSet(units: readonly ResolvedUnit[]): Promise<CommandSet> {
  const own = units.filter((unit) => unit.origin.scope !== "user");
  const expanded = await expandUnitSets(own, []);
  const commands = expanded.flatMap((unit) => [...backendCommands(unit), ...setupCommands(unit)]);
  const order = (c: ProjectCommand) => `${c.unit}\0${c.kind}\0${c.label}`;
  commands.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return { commands, hash: contentHash(commands) };
}

/** The project `options` names, validated, and its command set. */
export async function projectWithCommands(
  options: Parameters<typeof validate>[0],
): Promise<{ context: PipelineContext; set: CommandSet }> {
  const context = await validate(options);
  return { context, set: await projectCommandSet(context.resolved?.units ?? []) };
}

/** Whether compiling starts any of the set's commands: discovery starts each stdio MCP server. */
export function compileRunsCommands(set: CommandSet): boolean {
  return set.commands.some((c) => c.kind === "mcp");
}

/**
 * Whether `command` may go on in the project `options` names: always when `needs` says the set has
 * nothing it would start, else only when the set is trusted (the refusal printed otherwise).
 */
export async function projectMayRun(
  io: CliIO,
  command: string,
  options: Parameters<typeof validate>[0],
  flag: boolean | undefined,
  needs: (set: CommandSet) => boolean = () => true,
): Promise<boolean> {
  const { set } = await projectWithCommands(options);
  return !needs(set) || projectTrusted(io, command, options.projectDir, set, flag);
}
