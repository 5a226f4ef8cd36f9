/**
 * `unitc init`: scaffolds `.units/config.json` and one example unit that validates. The example's
 * command is init's own, so a project holding no other commands is trusted on this machine at once.
 */
import { access, mkdir, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { projectWithCommands } from "../trust/command-set.js";
import { trustGiven } from "../trust/gate.js";
import { writeTrust } from "../trust/records.js";

/**
 * Trusts the project when the example is all it runs; commands already there need `unitc trust`.
 * Where trust is given per run (`UNITC_TRUST`, as in CI) nothing is recorded.
 */
async function trustExample(io: CliIO, projectDir: string): Promise<string> {
  if (trustGiven(io, false)) return "";
  const { set } = await projectWithCommands({ projectDir, userConfigFile: false, env: io.env });
  if (set.commands.some((c) => c.unit !== "greeter")) {
    return "the project declares other commands too: read them with `npx unitc trust` before running them\n";
  }
  writeTrust(io.env, projectDir, set);
  return "";
}

const SCHEMA_BASE = "https://unitc.dev/schemas/v1";

/** Schema reference: the installed package's file when present (editors can read it offline), else the URL. */
export async function schemaRef(unitsDir: string, projectDir: string, name: string): Promise<string> {
  const local = join(projectDir, "node_modules", "unitc", "schemas", name);
  try {
    await access(local);
    return relative(unitsDir, local).split("\\").join("/");
  } catch {
    return `${SCHEMA_BASE}/${name}`;
  }
}

export function exampleUnit(schema: string): string {
  return `---
$schema: ${schema}
name: Greeter
description: Prints a greeting with the system echo command. Replace it with your own unit.
tags: [example]
cliTools:
  actions:
    greet:
      description: Greet someone by name.
      command: echo
      args: ["Hello,", "$input.name"]
      inputSchema:
        type: object
        properties:
          name: { type: string, description: Who to greet }
        required: [name]
---

# Greeter

An example unit created by \`unitc init\`. This body is a README for people: it is never shown to
agents and never changes the compiled output.

## Prerequisites and setup context
None: \`echo\` is on every system.

## Safe operation and limits
The action runs \`echo\` without a shell; the name is passed as one argument.

## Troubleshooting
Run \`npx unitc validate\` to see problems with file, line and column.

## References
- Every unit field, for each kind of unit: the guide to writing units that unitc's README links (\`docs/writing-units.md\`).
- The commands and their options: \`npx unitc --help\`, \`npx unitc <command> --help\`.
`;
}

export function initCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "init", description: "Create .units/config.json and an example unit" },
    args: {
      project: { type: "string", description: "Project folder", valueHint: "DIR" },
      force: { type: "boolean", description: "Overwrite existing files", default: false },
    },
    async run({ args }) {
      const projectDir = resolve(io.cwd, args.project ?? ".");
      const unitsDir = join(projectDir, ".units");
      const configFile = join(unitsDir, "config.json");
      const unitFile = join(unitsDir, "greeter.md");
      if (!args.force) {
        for (const file of [configFile, unitFile]) {
          try {
            await access(file);
            io.stderr(`${relative(io.cwd, file)} already exists; pass --force to overwrite it\n`);
            setExit(EXIT_ERRORS);
            return;
          } catch {
            // absent: good
          }
        }
      }
      await mkdir(unitsDir, { recursive: true });
      const config = { $schema: await schemaRef(unitsDir, projectDir, "config.schema.json"), mcpServers: {} };
      await writeFile(configFile, `${JSON.stringify(config, null, 2)}\n`);
      await writeFile(unitFile, exampleUnit(await schemaRef(unitsDir, projectDir, "unit.schema.json")));
      const trust = await trustExample(io, projectDir);
      io.stderr(
        `created ${relative(io.cwd, configFile)} and ${relative(io.cwd, unitFile)}\n${trust}next: npx unitc validate\n`,
      );
      setExit(EXIT_OK);
    },
  });
}
