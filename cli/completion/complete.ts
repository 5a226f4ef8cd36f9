/**
 * What completes the word under the cursor: commands, sub-commands, flags and enum values from the
 * command tree, unit IDs and operations from the compiled manifest. One function for every shell:
 * the scripts only hand over the words and show the answer.
 */
import { type CommandNode, type FlagNode, nodeAt } from "./tree.js";

/** One completion: the word, and a description for shells that show one. */
export interface Candidate {
  value: string;
  description?: string;
}

/**
 * What the bundle offers (its summary, `units-index.json`): units and their operations (`tsName`),
 * with a description and a one-line summary.
 */
export interface ManifestFacts {
  units: ReadonlyArray<{
    id: string;
    description: string;
    operations: ReadonlyArray<{ tsName: string; summary: string }>;
  }>;
}

/** The answer: candidates, or "let the shell complete file names". */
export type Completion = { files: true } | { files: false; candidates: Candidate[] };

/** The facts of the manifest `--manifest` names (undefined: the default one). */
export type ManifestReader = (flag: string | undefined) => ManifestFacts | undefined;

interface Walk {
  node: CommandNode;
  /** Positional words seen so far on this node. */
  positionals: number;
  /** The flag whose value the current word is, if any. */
  pendingFlag?: FlagNode;
  manifestFlag?: string;
}

function flagOf(node: CommandNode, word: string): FlagNode | undefined {
  const name = /^--?(?:no-)?([^=]+)/.exec(word)?.[1];
  return node.flags.find((flag) => flag.name === name);
}

/** Walks the words before the current one: which command, how many positionals, a pending flag. */
function walk(root: CommandNode, before: readonly string[]): Walk | undefined {
  const state: Walk = { node: root, positionals: 0 };
  const path: string[] = [];
  for (const word of before) {
    if (state.pendingFlag) {
      // bash splits `--flag=value` at the `=`: the `=` is not the value.
      if (word === "=") continue;
      if (state.pendingFlag.name === "manifest") state.manifestFlag = word;
      state.pendingFlag = undefined;
      continue;
    }
    if (word === "--") return undefined;
    if (word.startsWith("-") && word !== "-") {
      const flag = flagOf(state.node, word);
      if (flag?.takesValue && !word.includes("=")) state.pendingFlag = flag;
      else if (flag?.name === "manifest") state.manifestFlag = word.slice(word.indexOf("=") + 1);
      continue;
    }
    const sub = state.positionals === 0 ? nodeAt(state.node, [word]) : undefined;
    if (sub) {
      path.push(word);
      state.node = sub;
      continue;
    }
    state.positionals += 1;
  }
  return state;
}

/** Unit IDs, and with `withOps` every `unit.operation`. */
function targets(facts: ManifestFacts | undefined, units: boolean, withOps: boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const unit of facts?.units ?? []) {
    if (units) out.push({ value: unit.id, description: unit.description });
    if (!withOps) continue;
    for (const op of unit.operations) out.push({ value: `${unit.id}.${op.tsName}`, description: op.summary });
  }
  return out;
}

/** The values a flag or positional with this hint (or enum) takes; files for file hints. */
function valuesFor(
  hint: string | undefined,
  values: readonly string[] | undefined,
  facts: () => ManifestFacts | undefined,
): Completion {
  if (values) return { files: false, candidates: values.map((value) => ({ value })) };
  switch (hint) {
    case "UNIT":
      return { files: false, candidates: targets(facts(), true, false) };
    case "UNIT.OP":
      return { files: false, candidates: targets(facts(), false, true) };
    case "UNIT[.OP]":
      return { files: false, candidates: targets(facts(), true, true) };
    case "FILE":
    case "FILE|-":
    case "DIR":
      return { files: true };
    default:
      return { files: false, candidates: [] };
  }
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? "";
}

/**
 * Completes `words` (the words after `unitc`, the last one being the word under the cursor, maybe
 * empty). Candidates already match the current word's start.
 */
export function complete(root: CommandNode, words: readonly string[], read: ManifestReader): Completion {
  const before = words.slice(0, -1);
  let current = words.at(-1) ?? "";
  const state = walk(root, before);
  if (!state) return { files: true };
  const facts = () => read(state.manifestFlag);
  let answer: Completion;
  let prefix = "";
  if (state.pendingFlag) {
    answer = valuesFor(state.pendingFlag.hint, state.pendingFlag.values, facts);
  } else if (current.startsWith("--") && current.includes("=")) {
    const flag = flagOf(state.node, current);
    prefix = current.slice(0, current.indexOf("=") + 1);
    current = current.slice(prefix.length);
    answer = flag ? valuesFor(flag.hint, flag.values, facts) : { files: false, candidates: [] };
  } else if (current.startsWith("-")) {
    const flags = state.node.flags.map((flag) => ({
      value: `--${flag.name}`,
      description: flag.description,
    }));
    answer = { files: false, candidates: flags };
  } else {
    const subs =
      state.positionals === 0
        ? state.node.subcommands.map((sub) => ({ value: sub.name, description: firstLine(sub.description) }))
        : [];
    const positional = state.node.positionals[state.positionals];
    const values = positional
      ? valuesFor(positional.hint, undefined, facts)
      : { files: false as const, candidates: [] };
    if (values.files && subs.length === 0) return values;
    answer = { files: false, candidates: [...subs, ...(values.files ? [] : values.candidates)] };
  }
  if (answer.files) return answer;
  const candidates = answer.candidates
    .filter((c) => c.value.startsWith(current))
    .map((c) => ({ ...c, value: prefix + c.value }));
  return { files: false, candidates };
}
