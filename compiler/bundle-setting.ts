/**
 * Whether a build writes `bundle/`: the `--bundle` flag when given, else the project config's
 * `output.bundle`. Read before the build record is consulted, because a bundle build is recorded
 * apart; a config that cannot be read counts as "no bundle" here and the compile reports it.
 */
import { readFile } from "node:fs/promises";
import { configFiles } from "./load/config-paths.js";

/** The project config's `output.bundle`, or `false` when it is absent or the config is unreadable. */
export async function configuredBundle(options: {
  projectDir: string;
  configFile?: string;
}): Promise<boolean> {
  const { project } = configFiles({ ...options, userConfigFile: false });
  let text: string;
  try {
    text = await readFile(project, "utf8");
  } catch {
    return false;
  }
  // Most configs never say it: without the word (or an escape that could spell it), no need to parse.
  if (!text.includes("bundle") && !text.includes("\\")) return false;
  // Loaded on demand: the YAML parser is most of what a compile with nothing changed would load.
  const { parseConfigText } = await import("./load/load-files.js");
  const value = parseConfigText(text, project, "project").document?.value;
  const output =
    typeof value === "object" && value !== null ? (value as { output?: unknown }).output : undefined;
  return typeof output === "object" && output !== null && (output as { bundle?: unknown }).bundle === true;
}

/** `options` with `bundle` settled: the flag when given, else the project's setting. */
export async function withBundleSetting<
  T extends { bundle?: boolean; projectDir: string; configFile?: string },
>(options: T): Promise<T & { bundle: boolean }> {
  return { ...options, bundle: options.bundle ?? (await configuredBundle(options)) };
}
