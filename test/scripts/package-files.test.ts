/**
 * What the npm package ships, as `npm pack --dry-run` lists it from the built tree: every `files`
 * entry of package.json exists (a glob matches a packed file), the library bundle, its declarations
 * and the licences of bundled packages ship but not tsc's JavaScript beside those declarations, the JSON Schemas the compiler reads at run time and the templates it
 * writes from ship exactly once
 * (no second copy under another path), and no file is shipped twice with the same content but the
 * Code Mode worker scripts, which must sit beside each copy of the code that starts them.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { files: string[] };

/** The paths `npm pack` would put in the tarball (no scripts run: the tree is already built). */
function packed(): string[] {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]?.files.map((f) => f.path) ?? [];
}

/** A `files` glob (`*`, `**\/`) as a regular expression over packed paths. */
function globPattern(glob: string): RegExp {
  const parts = glob.split("**/").map((part) => part.replace(/\./g, "\\.").replace(/\*/g, "[^/]*"));
  return new RegExp(`^${parts.join("(?:.*/)?")}$`);
}

describe("the npm package's files", () => {
  it("lists only entries that exist, and ships each schema and each file's content once", () => {
    const files = packed();
    for (const entry of pkg.files.filter((entry) => !entry.includes("*")))
      expect(existsSync(join(root, entry)), entry).toBe(true);
    for (const glob of pkg.files.filter((entry) => entry.includes("*"))) {
      expect(
        files.some((file) => globPattern(glob).test(file)),
        glob,
      ).toBe(true);
    }
    expect(files).toContain("dist/cli/main.cjs");
    expect(files).toEqual(
      expect.arrayContaining([
        "dist/lib/compiler.js",
        "dist/lib/runtime.js",
        "dist/compiler/index.d.ts",
        "dist/runtime/index.d.ts",
        "dist/THIRD_PARTY_LICENSES.md",
      ]),
    );
    expect(files.filter((file) => /^dist\/(compiler|runtime)\/.*\.js$/.test(file))).toEqual([]);
    // The bundles inline these packages (no longer installed with unitc): their licences ship.
    const licences = readFileSync(join(root, "dist/THIRD_PARTY_LICENSES.md"), "utf8");
    const inlined = ["@modelcontextprotocol/client", "zod", "ajv", "graphql", "openapi-typescript", "jose"];
    for (const name of inlined) expect(licences, name).toMatch(new RegExp(`^## ${name}@\\d`, "m"));
    const schemas = files.filter((file) => file.endsWith(".schema.json"));
    expect(schemas.sort()).toEqual([
      "dist/schemas/config.schema.json",
      "dist/schemas/manifest.schema.json",
      "dist/schemas/unit.schema.json",
    ]);
    // templates/ ships as dist/templates/, where the built runtime reads it, and nowhere else.
    expect(files.filter((file) => file.includes("templates/")).sort()).toEqual([
      "dist/templates/README.md",
      "dist/templates/bundle/package.json",
      "dist/templates/code-mode/console.d.ts",
      "dist/templates/code-mode/prelude.js",
      "dist/templates/code-mode/tsconfig.json",
      "dist/templates/file-header.txt",
    ]);
    // The same bytes under two paths would be a second copy of something (schemas, templates).
    const byContent = new Map<string, string[]>();
    for (const file of files) {
      if (file.endsWith("package.json")) continue;
      const text = readFileSync(join(root, file));
      if (text.length < 256) continue;
      const hash = createHash("sha256").update(text).digest("hex");
      byContent.set(hash, [...(byContent.get(hash) ?? []), file]);
    }
    // Each Code Mode worker script is read beside the code that starts it (worker-client looks for it
    // next to itself), and serve's one-file bundle and the CLI's chunks start them from two folders.
    const besideStarters = (paths: string[]) =>
      paths.length === 2 && paths.every((p) => /^dist\/cli\/(chunks\/)?(check|engine)-worker\.js$/.test(p));
    const twice = [...byContent.values()].filter((paths) => paths.length > 1 && !besideStarters(paths));
    expect(twice).toEqual([]);
  }, 120_000);
});
