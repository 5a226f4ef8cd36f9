/** The generated types give string maps optional values; the manifest's maps hold strings only. */
export function stringMap(map: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) if (value !== undefined) out[key] = value;
  return out;
}
