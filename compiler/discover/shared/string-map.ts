/** The generated types give string maps optional values; the manifest's maps hold strings only. */
export function stringMap(map: Readonly<Record<string, string | undefined>>): Record<string, string> {
  // Without a prototype, like the loader's objects: a variable named `__proto__` stays a variable.
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(map)) if (value !== undefined) out[key] = value;
  return out;
}
