/**
 * What the audit log keeps of a call's arguments when its unit opts in: a copy in which values under
 * secret-looking keys and under the author's extra keys and paths are replaced, every resolved secret
 * is replaced wherever it appears (keys included), and then long strings, long lists and deep nesting
 * are cut. Secrets are replaced before anything is cut, so a cut never splits one that was whole.
 */
import type { UnitAuditSetting } from "../contract/manifest.js";
import { isCredentialHeader } from "../invoke/http/header-rules.js";
import { head, redactJson } from "../shared/redact.js";

const MARK = "[redacted]";
/** Longest string kept, in UTF-16 units. */
const MAX_STRING = 200;
/** Most items kept of a list. */
const MAX_ITEMS = 50;
/** Deepest nesting kept. */
const MAX_DEPTH = 8;
/** Largest arguments kept, as JSON; larger ones are recorded as cut. */
const MAX_JSON = 8_192;

// Argument names that hold credentials besides those headers name (`privateKey`, `passphrase`).
const SECRET_ARGUMENT = /(?:^|[-_])(?:credentials?|private[-_]?key|passphrase|session[-_]?id)$/i;

/**
 * True when an argument named `key` looks like it holds a secret: the names a credential header has
 * (`authorization`, `cookie`, `…token`, `…secret`, `…password`, `…api-key`), in camelCase too.
 */
export function isSecretLookingKey(key: string): boolean {
  const kebab = key.replace(/([a-z0-9])([A-Z])/g, "$1-$2");
  return isCredentialHeader(kebab) || SECRET_ARGUMENT.test(kebab);
}

/** The author's `redact` entries: key names (any depth) and dotted paths from the top, lower-cased. */
interface ExtraRules {
  keys: Set<string>;
  paths: Set<string>;
}

function extraRules(setting: UnitAuditSetting): ExtraRules {
  const keys = new Set<string>();
  const paths = new Set<string>();
  for (const entry of setting.redact ?? []) (entry.includes(".") ? paths : keys).add(entry.toLowerCase());
  return { keys, paths };
}

/** `value` with key-named and path-named values replaced, lists and nesting bounded; strings whole. */
function byKeys(value: unknown, rules: ExtraRules, path: string, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[cut: nested too deep]";
  if (Array.isArray(value)) {
    // Items share their list's path: `card.number` names the number of every card in a list.
    const kept = value.slice(0, MAX_ITEMS).map((item) => byKeys(item, rules, path, depth + 1));
    if (value.length > MAX_ITEMS) kept.push(`[cut: ${value.length - MAX_ITEMS} more items]`);
    return kept;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const lower = key.toLowerCase();
    const at = path === "" ? lower : `${path}.${lower}`;
    const hidden = isSecretLookingKey(key) || rules.keys.has(lower) || rules.paths.has(at);
    copy[key] = hidden ? MARK : byKeys(item, rules, at, depth + 1);
  }
  return copy;
}

/** `value` with strings (and keys) longer than the limit cut. */
function cutStrings(value: unknown): unknown {
  if (typeof value === "string") return head(value, MAX_STRING);
  if (Array.isArray(value)) return value.map(cutStrings);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [head(key, MAX_STRING), cutStrings(item)]),
  );
}

/**
 * The first step of what the audit log keeps of `input` to a unit whose setting is `setting`: a copy
 * with key-named and path-named values replaced, taken when the call starts (the input is not read
 * again later).
 */
export function argumentsByKeys(input: unknown, setting: UnitAuditSetting): unknown {
  return byKeys(input, extraRules(setting), "", 0);
}

/** The arguments kept: `byKeys` (from {@link argumentsByKeys}) with `secrets` replaced, then cut. */
export function keptArguments(byKeysCopy: unknown, secrets: readonly string[]): unknown {
  const kept = cutStrings(redactJson(byKeysCopy, secrets));
  const size = JSON.stringify(kept ?? null).length;
  return size > MAX_JSON ? `[cut: arguments of ${size} characters]` : kept;
}
