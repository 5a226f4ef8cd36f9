/**
 * How the names of a `confirm` list match operations, the one rule the compiler (which warns about a
 * name that matches nothing) and serving (which asks before the calls it matches) both apply: whole
 * names, case-sensitive, `*` matching any characters, nothing else special.
 */

const patterns = new WeakMap<readonly string[], RegExp[]>();

/** A name of a `confirm` list as an anchored pattern. */
function pattern(name: string): RegExp {
  const parts = name.split("*").map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`);
}

/** The names of `list` that match one of `names` (each list made into patterns once). */
export function confirmNamesMatching(list: readonly string[], names: readonly string[]): string[] {
  let made = patterns.get(list);
  if (!made) {
    made = list.map(pattern);
    patterns.set(list, made);
  }
  return list.filter((_, index) => names.some((name) => made[index]?.test(name)));
}
