/**
 * `unitc secret set|list|delete`: the vault's named secrets, referenced from units as `vault:NAME`.
 * A value is read from standard input (or a hidden prompt on a terminal), never from the command
 * line, where shell history and process listings would keep it; `list` prints names and dates only.
 */
import { defineCommand } from "citty";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { userConfigArg, withStorage } from "../storage-config.js";

/** Reads a line from the terminal without echoing it. */
async function hiddenPrompt(io: CliIO, name: string): Promise<string> {
  const { createInterface } = await import("node:readline");
  const { Writable } = await import("node:stream");
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  // The terminal stops echoing (raw mode) before the prompt shows: what is typed at once stays hidden.
  const lines = createInterface({ input: process.stdin, output: muted, terminal: true });
  io.stderr(`value for ${name} (not shown): `);
  try {
    return await new Promise<string>((done) => lines.once("line", done));
  } finally {
    lines.close();
    io.stderr("\n");
  }
}

/** The secret's value: the hidden prompt on a terminal, else all of standard input less one final newline. */
async function readValue(io: CliIO, name: string): Promise<string> {
  if (io.stdinIsTTY) return hiddenPrompt(io, name);
  if (!io.stdin) throw new UsageError("standard input is not available here");
  return (await io.stdin()).replace(/\r?\n$/, "");
}

const nameArg = {
  name: { type: "positional", required: true, description: "The secret's name", valueHint: "NAME" },
} as const;

/** Refuses a value given on the command line (it would end up in shell history). */
function noValueInArgv(rest: readonly string[]): void {
  if (rest.length > 1) {
    throw new UsageError("a secret's value is never taken from the command line; pipe it on standard input");
  }
}

export function secretCommand(io: CliIO, setExit: (code: number) => void) {
  const set = defineCommand({
    meta: { name: "set", description: "Set a vault secret from standard input (or a hidden prompt)" },
    args: { ...nameArg, ...userConfigArg },
    async run({ args }) {
      noValueInArgv(args._);
      const value = await readValue(io, args.name);
      if (value === "") throw new UsageError(`no value for ${args.name} on standard input`);
      await withStorage(io, "secret set", args["user-config"], setExit, async ({ vault }) => {
        await vault.set(args.name, value);
        io.stderr(`secret ${args.name} set; units refer to it as vault:${args.name}\n`);
        return EXIT_OK;
      });
    },
  });
  const list = defineCommand({
    meta: { name: "list", description: "List vault secrets: names and dates, never values" },
    args: { json: { type: "boolean", description: "Print JSON" }, ...userConfigArg },
    async run({ args }) {
      await withStorage(io, "secret list", args["user-config"], setExit, async ({ vault }) => {
        const entries = (await vault.list()).map((entry) => ({
          name: entry.name,
          created: new Date(entry.createdAt).toISOString(),
          updated: new Date(entry.updatedAt).toISOString(),
        }));
        if (args.json) io.stdout(`${JSON.stringify(entries, null, 2)}\n`);
        else if (entries.length === 0) io.stderr("no secrets in the vault\n");
        else for (const e of entries) io.stdout(`${e.name}\tcreated ${e.created}\tupdated ${e.updated}\n`);
        return EXIT_OK;
      });
    },
  });
  const remove = defineCommand({
    meta: { name: "delete", description: "Delete a vault secret" },
    args: { ...nameArg, ...userConfigArg },
    async run({ args }) {
      await withStorage(io, "secret delete", args["user-config"], setExit, async ({ vault }) => {
        if (await vault.delete(args.name)) {
          io.stderr(`secret ${args.name} deleted\n`);
          return EXIT_OK;
        }
        io.stderr(`unitc secret delete: secret ${args.name} is not set\n`);
        return EXIT_ERRORS;
      });
    },
  });
  return defineCommand({
    meta: { name: "secret", description: "Set, list and delete the vault's secrets (vault:NAME)" },
    subCommands: { set, list, delete: remove },
  });
}
