/** JSON Pointer helpers (RFC 6901). */

/** Escapes one reference token. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Appends tokens to a pointer. */
export function joinPointer(pointer: string, ...tokens: string[]): string {
  return tokens.reduce((acc, token) => `${acc}/${escapePointerToken(token)}`, pointer);
}

/** Splits a pointer into unescaped tokens. */
export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Reads the value at a pointer, or undefined. */
export function getAtPointer(value: unknown, pointer: string): unknown {
  let current = value;
  for (const token of splitPointer(pointer)) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.hasOwn(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
