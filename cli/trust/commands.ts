/**
 * A command a project declares, as unitc would start it (paths absolute), and its fingerprint: the
 * same for a command read from the project's config and from its compiled manifest, so the commands
 * of a bundle can be looked up in what was trusted. Loads nothing of the compiler (`serve`, `call`
 * and `run` use it).
 */
import { isAbsolute, resolve } from "node:path";
import type { CliInvoke, Manifest, ManifestUnit } from "../../runtime/contract/manifest.js";
import { resolveCommand } from "../../runtime/invoke/cli/plan.js";
import { contentHash } from "../../runtime/shared/canonical.js";

/** One command a project declares, as it would be started. */
export interface ProjectCommand {
  unit: string;
  kind: "mcp" | "cli" | "setup" | "verify";
  /** The action's name or the item's label; the unit ID for an MCP server. */
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** A project's commands and the hash of them all. */
export interface CommandSet {
  commands: ProjectCommand[];
  hash: string;
}

/** What starts, and where: the same for a command read from the config and from a manifest. */
export function commandFingerprint(command: Omit<ProjectCommand, "unit" | "kind" | "label">): string {
  const { command: file, args, env, cwd } = command;
  return contentHash({ command: file, args, env: { ...env }, cwd });
}

/** A path as started: absolute ones as they are, relative ones from `baseDir`. */
export function absolute(path: string, baseDir: string): string {
  return isAbsolute(path) ? path : resolve(baseDir, path);
}

/** The commands a compiled unit would start: its stdio MCP server, or its CLI actions. */
export function manifestUnitCommands(unit: ManifestUnit, manifestDir: string): ProjectCommand[] {
  const place = (command: string) => resolveCommand(command, manifestDir);
  const { connection } = unit;
  if (connection.kind === "mcp") {
    if (connection.transport !== "stdio" || connection.command === undefined) return [];
    return [
      {
        unit: unit.id,
        kind: "mcp",
        label: unit.id,
        command: place(connection.command),
        args: connection.args ?? [],
        env: connection.env ?? {},
        cwd: absolute(connection.cwd ?? ".", manifestDir),
      },
    ];
  }
  return unit.operations.flatMap((operation) => {
    if (operation.invoke.kind !== "cli") return [];
    const invoke = operation.invoke as CliInvoke;
    return [
      {
        unit: unit.id,
        kind: "cli" as const,
        label: operation.name,
        command: place(invoke.command),
        args: invoke.args,
        env: invoke.env,
        cwd: absolute(invoke.cwd, manifestDir),
      },
    ];
  });
}

/** Every command a compiled bundle would start. */
export function manifestCommands(manifest: Pick<Manifest, "units">, manifestDir: string): ProjectCommand[] {
  return manifest.units.flatMap((unit) => manifestUnitCommands(unit, manifestDir));
}
