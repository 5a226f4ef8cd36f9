/** Helpers of the discover tests: compile a throwaway project and read what discover made of it. */
import type { ManifestOperation, ManifestUnit } from "../../../runtime/contract/manifest.js";
import { parsedManifest } from "../../support/manifest.js";
import { writeProject } from "../../support/project.js";
import { compileProject } from "../emit/support.js";

export { cleanupProjects } from "../../support/project.js";

/** Compiles `files` (no user config, output in `<project>/generated`) and parses the manifest. */
export async function discover(files: Record<string, string>) {
  const dir = await writeProject(files);
  const result = await compileProject(dir);
  const manifest = parsedManifest(result.files.get("manifest.json"));
  const unit = (id: string): ManifestUnit => {
    const found = manifest.units.find((u) => u.id === id);
    if (!found) throw new Error(`no unit ${id} in the manifest; diagnostics:\n${result.text}`);
    return found;
  };
  const operation = (id: string, name: string): ManifestOperation => {
    const found = unit(id).operations.find((o) => o.name === name);
    if (!found) throw new Error(`unit ${id} has no operation ${name}`);
    return found;
  };
  return { dir, manifest, unit, operation, text: result.text, diagnostics: result.diagnostics };
}

/** A unit file `.units/<id>.md` with the given YAML frontmatter. */
export function unitFile(id: string, yaml: string): Record<string, string> {
  return { [`.units/${id}.md`]: `---\n${yaml.trim()}\n---\n\n# ${id}\n` };
}
