/** `--bundle`: the files to write are the emitted ones plus `bundle/` (shared by compile, watch, dev). */
import type { CompileResult } from "../compiler/index.js";

/** The files to write; the bundle's diagnostics join the result's (a failed bundle is an error there). */
export async function bundleOutput(result: CompileResult, bundle: boolean): Promise<Map<string, string>> {
  if (!bundle) return result.files;
  // Loaded on demand: rollup and the TypeScript compiler are heavy to load.
  const { bundleFiles } = await import("../compiler/bundle.js");
  const bundled = await bundleFiles(result.files);
  result.diagnostics.push(...bundled.diagnostics);
  return bundled.files;
}
