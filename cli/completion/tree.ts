/**
 * The command tree shell completion offers, taken from the citty definitions themselves, so a new
 * command or flag is completed without anyone editing a list.
 */
import type { ArgsDef, CommandDef } from "citty";

/** A `--flag` as completion offers it. */
export interface FlagNode {
  name: string;
  description: string;
  /** Whether the flag reads the next word as its value (strings and enums). */
  takesValue: boolean;
  /** An enum's values. */
  values?: string[];
  /** citty's `valueHint` (`UNIT`, `FILE`, …): what kind of word the value is. */
  hint?: string;
}

/** A positional argument: its hint says whether unit IDs or operations complete it. */
export interface PositionalNode {
  name: string;
  hint?: string;
}

/** One command or sub-command. */
export interface CommandNode {
  name: string;
  description: string;
  flags: FlagNode[];
  positionals: PositionalNode[];
  subcommands: CommandNode[];
}

type Meta = { name?: string; description?: string; hidden?: boolean };
type ArgDef = {
  type?: string;
  description?: string;
  alias?: string | string[];
  options?: readonly string[];
  valueHint?: string;
};

/** Resolves citty's "value or function returning one" fields (meta, args, subCommands). */
async function settle<T>(value: T | (() => T | Promise<T>) | Promise<T> | undefined): Promise<T | undefined> {
  return typeof value === "function" ? await (value as () => T | Promise<T>)() : await value;
}

/** The tree of one citty command, named `name`. */
export async function commandNode(name: string, def: CommandDef<ArgsDef>): Promise<CommandNode> {
  const meta = ((await settle(def.meta as Meta | undefined)) ?? {}) as Meta;
  const args = ((await settle(def.args as ArgsDef | undefined)) ?? {}) as Record<string, ArgDef>;
  const flags: FlagNode[] = [];
  const positionals: PositionalNode[] = [];
  for (const [argName, arg] of Object.entries(args)) {
    if (arg.type === "positional") {
      positionals.push({ name: argName, ...(arg.valueHint ? { hint: arg.valueHint } : {}) });
      continue;
    }
    const flag: FlagNode = {
      name: argName,
      description: arg.description ?? "",
      takesValue: arg.type === "string" || arg.type === "enum",
    };
    if (arg.type === "enum" && arg.options) flag.values = [...arg.options];
    if (arg.valueHint) flag.hint = arg.valueHint;
    flags.push(flag);
  }
  flags.push({ name: "help", description: "Show help", takesValue: false });
  const subs = ((await settle(def.subCommands as Record<string, CommandDef<ArgsDef>> | undefined)) ??
    {}) as Record<string, CommandDef<ArgsDef>>;
  const subcommands: CommandNode[] = [];
  for (const [subName, sub] of Object.entries(subs)) {
    const resolved = (await settle(sub as unknown as CommandDef<ArgsDef>)) as CommandDef<ArgsDef>;
    const subMeta = ((await settle(resolved.meta as Meta | undefined)) ?? {}) as Meta;
    if (!subMeta.hidden) subcommands.push(await commandNode(subName, resolved));
  }
  return { name, description: meta.description ?? "", flags, positionals, subcommands };
}

/** The node a path of sub-command names leads to, or undefined. */
export function nodeAt(root: CommandNode, path: readonly string[]): CommandNode | undefined {
  let node: CommandNode | undefined = root;
  for (const name of path) node = node?.subcommands.find((sub) => sub.name === name);
  return node;
}
