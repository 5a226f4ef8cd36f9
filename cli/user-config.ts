/**
 * The user config as the CLI reads it for serving and storage: the file found (or named by
 * `--user-config`) is loaded and validated with the compiler's own loader, so every problem is a
 * diagnostic at its line, and its value is read by the runtime's `userConfigOf`, the one reader of
 * its serving and storage settings.
 */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { type Diagnostic, hasErrors } from "../compiler/codes/diagnostics.js";
import type { UnitsConfig } from "../runtime/contract/config-types.generated.js";
import { type UserConfig, userConfigOf } from "../runtime/storage/index.js";

/** The user config's serving and storage settings, and the problems its validation found. */
export interface UserServeConfig extends UserConfig {
  diagnostics: Diagnostic[];
}

/** Loads and validates the user config (`false` to skip it); absent is fine. */
export async function loadUserServeConfig(
  file: string | false,
  env: Record<string, string | undefined>,
): Promise<UserServeConfig> {
  if (file === false) return { serve: {}, diagnostics: [] };
  // The loader and validator are loaded only when there is a config to read: serve starts faster.
  const path = file || (await import("../compiler/load/index.js")).userConfigPath(env);
  if (!existsSync(path)) return { serve: {}, diagnostics: [] };
  const [{ loadConfig }, { validateDocument }] = await Promise.all([
    import("../compiler/load/index.js"),
    import("../compiler/validate/index.js"),
  ]);
  // Gone since it was seen (deleted, or renamed away by an editor's save): absent, as it is now.
  const loaded = await loadConfig(path, "user", { required: false });
  const diagnostics = [...loaded.diagnostics, ...(loaded.document ? validateDocument(loaded.document) : [])];
  const value = (hasErrors(diagnostics) ? {} : (loaded.document?.value ?? {})) as UnitsConfig;
  return { ...userConfigOf(value, dirname(path)), diagnostics };
}
