/**
 * `unitc trust [--yes|--status] [--json]`: shows every command the project would run on this machine
 * (stdio MCP servers, CLI actions, setup and verify items), in full, control characters escaped,
 * and records trust in its command set after a yes typed on a terminal (or `--yes`). `--status` says
 * whether it is trusted (exit 0) or not (exit 1). A changed set has to be trusted again.
 */
import { relative } from "node:path";
import { defineCommand } from "citty";
import { formatDiagnostics, hasErrors } from "../../compiler/codes/diagnostics.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { projectArgs, projectOptions } from "../project-args.js";
import { shownWord } from "../setup-units.js";
import { projectWithCommands } from "../trust/command-set.js";
import type { CommandSet, ProjectCommand } from "../trust/commands.js";
import { readTrust, trustFolder, writeTrust } from "../trust/records.js";

const KIND = { mcp: "stdio MCP server", cli: "CLI action", setup: "setup command", verify: "verify item" };

/** Text from a unit file fit for a terminal: control and invisible characters shown as escapes. */
function visible(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
  return text.replace(/[\u0000-\u001f\u007f-\u009f]|\p{Default_Ignorable_Code_Point}/gu, (c) => {
    const hex = (c.codePointAt(0) ?? 0).toString(16).padStart(4, "0");
    return `\\u{${hex}}`;
  });
}

function commandText(c: ProjectCommand, folder: string): string {
  const argv = [c.command, ...c.args].map((word) => visible(shownWord(word))).join(" ");
  const lines = [`  ${visible(c.unit)}: ${KIND[c.kind]} ${visible(c.label)}`, `      ${argv}`];
  lines.push(`      cwd: ${visible(relative(folder, c.cwd) || ".")}`);
  for (const [name, value] of Object.entries(c.env))
    lines.push(`      env: ${visible(name)}=${visible(value)}`);
  return lines.join("\n");
}

type State = "trusted" | "untrusted" | "changed" | "no-commands";

function stateOf(io: CliIO, folder: string, set: CommandSet): State {
  if (set.commands.length === 0) return "no-commands";
  const record = readTrust(io.env, folder);
  return record?.hash === set.hash ? "trusted" : record ? "changed" : "untrusted";
}

const STATE_TEXT: Record<State, string> = {
  trusted: "trusted on this machine",
  untrusted: "not trusted on this machine",
  changed: "not trusted: the commands changed since they were trusted",
  "no-commands": "declares no commands: nothing to trust",
};

/** A yes typed on the terminal; anything else (or no terminal) is a no. */
async function askedYes(io: CliIO): Promise<boolean> {
  if (io.stdinIsTTY !== true || !io.stdinLines) return false;
  io.stderr("Trust these commands on this machine? [y/N] ");
  for await (const line of io.stdinLines()) return /^\s*y(?:es)?\s*$/i.test(line);
  return false;
}

export function trustCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "trust", description: "Show the project's commands and trust them on this machine" },
    args: {
      ...projectArgs,
      yes: { type: "boolean", description: "Trust the commands shown without asking" },
      status: { type: "boolean", description: "Only say whether the project is trusted (exit 1 when not)" },
      json: { type: "boolean", description: "Print JSON" },
    },
    async run({ args }) {
      const options = projectOptions(io, args);
      const { context, set } = await projectWithCommands(options);
      if (hasErrors(context.diagnostics)) {
        io.stderr(formatDiagnostics(context.diagnostics, (f) => relative(io.cwd, f) || f));
        io.stderr(
          "unitc trust: CONFIG_INVALID the project has errors\nhint: fix them (see `unitc validate`)\n",
        );
        return setExit(EXIT_ERRORS);
      }
      const folder = trustFolder(options.projectDir);
      let state = stateOf(io, folder, set);
      if (!args.status && (state === "untrusted" || state === "changed")) {
        if (!args.json) {
          io.stdout(`${folder} (${set.hash}) would run ${set.commands.length} commands:\n`);
          io.stdout(`${set.commands.map((c) => commandText(c, folder)).join("\n")}\n`);
        }
        if (args.yes === true || (!args.json && (await askedYes(io)))) {
          writeTrust(io.env, folder, set);
          state = "trusted";
        } else if (!args.json) {
          io.stderr(
            "unitc trust: nothing recorded\nhint: run it on a terminal and answer y, or pass --yes\n",
          );
        }
      }
      if (args.json)
        io.stdout(`${JSON.stringify({ folder, hash: set.hash, state, commands: set.commands }, null, 2)}\n`);
      else io.stdout(`${relative(io.cwd, folder) || "."}: ${STATE_TEXT[state]} (${set.hash})\n`);
      setExit(state === "trusted" || state === "no-commands" ? EXIT_OK : EXIT_ERRORS);
    },
  });
}
