#!/usr/bin/env node
// Installs unitc the two ways the README gives, each into a new empty folder, and uses it the way a
// new user does: `npx unitc init`, `npx unitc compile`, then `npx unitc serve` over stdio answering
// one `tools/list`, and again as the agent config of docs/serving.md from `/`. 1. the tarball of `npm pack` (also checked to hold no development files);
// 2. a git URL (`git+file://` of a clone of HEAD), which must build through the `prepare` step.
// The tarball install's node_modules is measured (size, package count and its largest packages) and
// printed beside the size target, with npm's notices of install scripts it left unrun; above the
// ceiling the check fails. In the tarball install, where the packages the bundles inline are not
// installed, the library entries are also used: `unitc` compiles OpenAPI and GraphQL units (the
// bundled openapi-typescript and GraphQL codegen) from an ES module and from CommonJS, and a type
// check of both entries finds every package their declarations name. Needs the npm registry (for
// unitc's own dependencies); CI runs it after the tests.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** What the plain install's node_modules should weigh (the optional packages left out), in MB. */
const TARGET_MB = 60;
/**
 * Above this the check fails: today's figure (40.2 MB, 8 packages) and 5%, so a new heavy dependency
 * shows. Most of the install is TypeScript (about 23 MB: Code Mode's and compile's type checks and
 * Code Mode's type stripping) and unitc itself (its bundles inline the MCP SDK, zod, ajv,
 * openapi-typescript and the GraphQL codegen).
 */
const CEILING_MB = 42;
/** How many of the largest installed packages the check lists. */
const LARGEST = 10;

const root = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "unitc-install-"));
// The user's project runs on the Node that runs this script (the project's Node 24 under npm).
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };
delete env.npm_config_prefix;

const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** Runs a command and returns the last line it printed on stderr (unitc's status lines go there). */
function lastStatus(cmd, args, cwd) {
  const result = spawnSync(cmd, args, { cwd, env, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} exited ${result.status}:\n${result.stderr}`);
  return result.stderr.trim().split("\n").at(-1);
}

/** Fails when the packed file list holds anything but the built package and its documents. */
function checkPackedFiles(list) {
  const allowed = /^(dist\/|README\.md$|LICENSE|package\.json$)/;
  const extra = list.filter((file) => !allowed.test(file) || /(^|\/)(test|bench|examples)\//.test(file));
  if (extra.length > 0) throw new Error(`the package holds development files:\n  ${extra.join("\n  ")}`);
}

/**
 * The size of `project`'s node_modules in MB (as `du -sk` counts it), how many packages it holds and
 * the largest of them (top-level folders; a nested copy counts in its parent's size).
 */
function installedSize(project) {
  const modules = join(project, "node_modules");
  const kb = Number(run("du", ["-sk", modules], project).split("\t")[0]);
  const lock = JSON.parse(readFileSync(join(modules, ".package-lock.json"), "utf8"));
  const packages = Object.keys(lock.packages).filter((path) => path.startsWith("node_modules/")).length;
  const folders = readdirSync(modules)
    .filter((name) => !name.startsWith("."))
    .flatMap((name) =>
      name.startsWith("@") ? readdirSync(join(modules, name)).map((n) => `${name}/${n}`) : [name],
    );
  const largest = run("du", ["-sk", ...folders], modules)
    .trim()
    .split("\n")
    .map((line) => line.split("\t"))
    .map(([size, name]) => ({ name, mb: Number(size) / 1024 }))
    .sort((a, b) => b.mb - a.mb)
    .slice(0, LARGEST);
  return { mb: kb / 1024, packages, largest };
}

/** npm's notices of install scripts it did not run ("not yet covered by allowScripts"), if any. */
function scriptNotices(stderr) {
  return stderr.split("\n").filter((line) => line.startsWith("npm warn install-scripts   "));
}

/** Sends initialize + tools/list to `npx <args>` (a `unitc serve`) over stdio and returns the tool names. */
function serveToolsList(cwd, args = ["unitc", "serve"]) {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", args, { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no tools/list answer in 60 s\nstdout: ${out}\nstderr: ${err}`));
    }, 60_000);
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.stdout.on("data", (chunk) => {
      out += chunk;
      for (const line of out.split("\n").slice(0, -1)) {
        const message = JSON.parse(line);
        if (message.id === 2) {
          clearTimeout(timer);
          child.stdin.end();
          resolve(message.result.tools.map((tool) => tool.name));
        }
      }
    });
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    send({
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "install-check", version: "1" },
      },
    });
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/list" });
  });
}

/** An OpenAPI and a GraphQL unit, compiled through the library from `library/`. */
const LIBRARY_UNITS = {
  "calc.yaml": readFileSync(join(root, "test/fixtures/openapi/calc.yaml"), "utf8"),
  "pets.graphql": `"""A pet."""
type Pet { id: ID!, name: String! }
type Query { """One pet by ID.""" pet(id: ID!): Pet }
`,
  "config.json": JSON.stringify({
    version: 1,
    openapiEndpoints: {
      calc: {
        name: "Calc",
        description: "Multiplies.",
        specPath: "calc.yaml",
        baseUrl: "http://127.0.0.1:9",
        auth: { type: "none" },
      },
    },
    graphqlEndpoints: {
      pets: {
        name: "Pets",
        description: "Pets.",
        endpointUrl: "http://127.0.0.1:9/graphql",
        schemaPath: "pets.graphql",
        auth: { type: "none" },
      },
    },
  }),
};

const COMPILE_WITH_LIBRARY = `const r = await compile({ projectDir: process.cwd() });
if (r.diagnostics.length > 0 || !r.files.has("units/calc/spec-types.ts") || !r.files.has("units/pets/spec-types.ts"))
  throw new Error(formatDiagnostics(r.diagnostics) || [...r.files.keys()].join());
if (typeof createRuntime !== "function") throw new Error("unitc/runtime lacks createRuntime");
console.log(r.files.size);`;

/**
 * Uses the library entries of the installed package: compiles {@link LIBRARY_UNITS} from an ES
 * module and from CommonJS, and type-checks an import of both entries, failing on any package
 * their declarations name that the install lacks (built-in modules aside: the project has no
 * @types/node).
 */
function checkLibrary(project) {
  const dir = join(project, "library");
  mkdirSync(join(dir, ".units"), { recursive: true });
  for (const [name, text] of Object.entries(LIBRARY_UNITS)) writeFileSync(join(dir, ".units", name), text);
  writeFileSync(
    join(dir, "esm.mjs"),
    `import { compile, formatDiagnostics } from "unitc";\nimport { createRuntime } from "unitc/runtime";\n${COMPILE_WITH_LIBRARY}\n`,
  );
  writeFileSync(
    join(dir, "cjs.cjs"),
    `const { compile, formatDiagnostics } = require("unitc");\nconst { createRuntime } = require("unitc/runtime");\n(async () => {\n${COMPILE_WITH_LIBRARY}\n})().catch((e) => { console.error(e); process.exit(1); });\n`,
  );
  const counts = ["esm.mjs", "cjs.cjs"].map((file) => run(process.execPath, [file], dir).trim());
  writeFileSync(
    join(dir, "app.ts"),
    'import { compile } from "unitc";\nimport { createRuntime } from "unitc/runtime";\nexport const used = [compile, createRuntime];\n',
  );
  const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
  const flags = ["--noEmit", "--strict", "--module", "nodenext", "--skipLibCheck", "false", "app.ts"];
  const checked = spawnSync(process.execPath, [tsc, ...flags], { cwd: dir, env, encoding: "utf8" });
  const missing = [...checked.stdout.matchAll(/error TS2307: Cannot find module '([^']+)'/g)]
    .map(([, name]) => name)
    .filter((name) => !isBuiltin(name));
  if (missing.length > 0)
    throw new Error(`the declarations name packages the install lacks: ${[...new Set(missing)].join(", ")}`);
  return `library: compiled OpenAPI and GraphQL units from ES module and CommonJS (${counts.join(", ")} files); declarations type-check`;
}

/** A new project folder with `spec` installed; then init, compile and one tools/list. */
async function tryInstall(label, spec) {
  const started = Date.now();
  const project = join(work, label);
  mkdirSync(project);
  run("npm", ["init", "-y"], project);
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "-D", spec], {
    cwd: project,
    env,
    encoding: "utf8",
  });
  if (install.status !== 0)
    throw new Error(`${label}: npm install exited ${install.status}:\n${install.stderr}`);
  if (label === "tarball") {
    const { mb, packages, largest } = installedSize(project);
    console.log(
      `${label}: node_modules ${mb.toFixed(1)} MB in ${packages} packages (target ≤ ${TARGET_MB} MB, fails above ${CEILING_MB} MB)`,
    );
    console.log(`${label}: largest: ${largest.map((p) => `${p.name} ${p.mb.toFixed(1)}`).join(", ")} (MB)`);
    const notices = scriptNotices(install.stderr);
    console.log(
      `${label}: install scripts npm left unrun (allowScripts): ${notices.length === 0 ? "none" : notices.map((line) => line.trim().replace(/^npm warn install-scripts\s+/, "")).join("; ")}`,
    );
    if (mb > CEILING_MB)
      throw new Error(
        `${label}: the plain install is ${mb.toFixed(1)} MB, above the ${CEILING_MB} MB ceiling`,
      );
    console.log(`${label}: ${checkLibrary(project)}`);
  }
  run("npx", ["unitc", "init"], project);
  const compiled = lastStatus("npx", ["unitc", "compile"], project);
  const tools = await serveToolsList(project);
  if (!tools.includes("search_tools")) throw new Error(`${label}: tools/list lacks search_tools: ${tools}`);
  // The agent config of docs/serving.md, started from / as an MCP client may start it.
  const manifest = join(project, "generated", "manifest.json");
  const fromRoot = await serveToolsList("/", ["--prefix", project, "unitc", "serve", "--manifest", manifest]);
  if (fromRoot.join() !== tools.join())
    throw new Error(`${label}: serve from / lists ${fromRoot}, not ${tools}`);
  console.log(
    `${label}: installed, init, compile (${compiled}), serve → ${tools.length} tools [${tools.join(", ")}] in ${Date.now() - started} ms`,
  );
}

try {
  const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work], root));
  checkPackedFiles(packed[0].files.map((file) => file.path));
  await tryInstall("tarball", join(work, packed[0].filename));

  const clone = join(work, "clone");
  run("git", ["clone", "--quiet", root, clone], work);
  await tryInstall("git", `git+file://${clone}`);
  console.log(`install-check: ok (${readdirSync(work).length} folders in ${work})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
