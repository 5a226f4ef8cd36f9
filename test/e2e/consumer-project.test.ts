/**
 * The generated client in a user's own project, as a new user makes one: `npm init -y`, `tsc --init`
 * (CommonJS, since npm writes `"type": "commonjs"`), or the same with `"type": "module"`; unitc
 * installed (node_modules/unitc is this repository, resolved through the package's exports to dist/,
 * which the suite's global setup builds); the real CLI compiles the project's units; the real `tsc`
 * checks it; plain Node runs it against an HTTP service on 127.0.0.1. Also: the Code Mode global
 * stays out of the application's program and type-checks through the bundle's Code Mode tsconfig;
 * a build in another folder runs from any working folder with nothing copied by hand (it finds the
 * bundle it was built from); the same app runs unchanged under Node 24's type stripping (ES module
 * and CommonJS), under tsx, built by tsc into dist/, and as the `--bundle` form required from
 * CommonJS, and a CLI unit's relative working folder is the project's in each; a `vault:` secret
 * stored with `unitc secret set` is read by `createUnits()` from the user config.
 */
import { execFile } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unitc } from "../cli/storage-support.js";
import { sendJson, startHttpServer, type TestServer } from "../support/http-server.js";
import { cleanupProjects, writeProject } from "../support/project.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const TSC = join(repoRoot, "node_modules/typescript/bin/tsc");
/** Node 24, whose type stripping runs `.ts` and `.mts` files as they are. */
const NODE24 = join(repoRoot, "node_modules/.bin/node");
const TSX = join(repoRoot, "node_modules/tsx/dist/cli.mjs");
const UNITC = join(repoRoot, "dist/cli/main.cjs");
const run = promisify(execFile);

/** A child process's exit code and output; the child never blocks this process's HTTP server. */
async function exec(file: string, args: string[], cwd: string): Promise<{ code: number; out: string }> {
  const env = { PATH: process.env.PATH, HOME: cwd, UNITC_CACHE_DIR: process.env.UNITC_CACHE_DIR };
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env, encoding: "utf8" });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === "number" ? failed.code : 1,
      out: `${failed.stdout}${failed.stderr}`,
    };
  }
}

// Node 22 may still call loading ES modules with require() experimental: that warning is not output.
const node = (args: string[], cwd: string) =>
  exec(process.execPath, ["--disable-warning=ExperimentalWarning", ...args], cwd);
const tsc = (args: string[], cwd: string) => node([TSC, ...args], cwd);

/** An HTTP unit adding two numbers, at `path` on `baseUrl` with `auth`. */
const sumsUnit = (name: string, description: string, baseUrl: string, auth: string, path: string) => `---
name: ${name}
description: ${description}
httpApi:
  baseUrl: ${baseUrl}
  auth: ${auth}
  actions:
    add:
      method: GET
      path: ${path}
      description: Add two numbers.
      query: { a: $input.a, b: $input.b }
      inputSchema:
        type: object
        properties: { a: { type: number }, b: { type: number } }
        required: [a, b]
      outputSchema:
        type: object
        properties: { sum: { type: number } }
        required: [sum]
---
# ${name}
`;

const SUMS_UNIT = (baseUrl: string) =>
  sumsUnit("Sums", "Adds two numbers on a small HTTP service.", baseUrl, "{ type: none }", "/add");

/** The same service behind a bearer token the unit reads from the vault. */
const VAULTED_UNIT = (baseUrl: string) =>
  sumsUnit(
    "Private sums",
    "Adds two numbers on a service that wants a token.",
    baseUrl,
    '{ type: bearer, token: "vault:SUMS_TOKEN" }',
    "/private/add",
  );

/** An OpenAPI unit: its types are openapi-typescript's, in spec-types.ts, which Code Mode imports. */
const CALC_SPEC = readFileSync(join(import.meta.dirname, "../fixtures/openapi/calc.yaml"), "utf8");

const CONFIG = (baseUrl: string) =>
  `${JSON.stringify({
    version: 1,
    openapiEndpoints: {
      calc: {
        name: "Calc",
        description: "Multiplies.",
        specPath: "calc.yaml",
        baseUrl,
        auth: { type: "none" },
      },
    },
  })}\n`;

/** The application: CommonJS code requires the generated ES modules; ES module code imports them. */
const MAIN = {
  commonjs: `import generated = require("./generated/index.ts");

const units = generated.createUnits();
units.sums
  .add({ a: 2, b: 3 })
  .then((result) => console.log(JSON.stringify(result.sum)))
  .finally(() => units.$runtime.close());
`,
  module: `import { createUnits } from "./generated/index.ts";

const units = createUnits();
try {
  const result = await units.sums.add({ a: 2, b: 3 });
  console.log(JSON.stringify(result.sum));
} finally {
  await units.$runtime.close();
}
`,
};

type Flavour = keyof typeof MAIN;

/** A fresh project of one flavour with unitc installed and its units compiled by the real CLI. */
async function consumerProject(
  flavour: Flavour,
  baseUrl: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const dir = await writeProject({
    ".units/config.json": CONFIG(baseUrl),
    ".units/calc.yaml": CALC_SPEC,
    ".units/sums.md": SUMS_UNIT(baseUrl),
    ...extra,
  });
  expect((await exec("npm", ["init", "-y"], dir)).code).toBe(0);
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  expect(pkg.type).toBe("commonjs");
  if (flavour === "module")
    writeFileSync(join(dir, "package.json"), JSON.stringify({ ...pkg, type: "module" }));
  expect((await tsc(["--init"], dir)).code).toBe(0);
  // What docs/typed-clients.md says to add: tsc then rewrites the `.ts` specifiers to `.js` in what it emits.
  const config = join(dir, "tsconfig.json");
  writeFileSync(
    config,
    readFileSync(config, "utf8").replace(
      '"compilerOptions": {',
      '"compilerOptions": {\n    "rewriteRelativeImportExtensions": true,',
    ),
  );
  await mkdir(join(dir, "node_modules"));
  symlinkSync(repoRoot, join(dir, "node_modules/unitc"), "dir");
  const compiled = await node([UNITC, "compile", "--user-config", "none"], dir);
  expect(compiled, compiled.out).toMatchObject({ code: 0 });
  writeFileSync(join(dir, "main.ts"), MAIN[flavour]);
  return dir;
}

let api: TestServer;
const projects = {} as Record<Flavour, string>;
/** The Authorization header of each request to the private sums. */
const privateAuth: (string | undefined)[] = [];

beforeAll(async () => {
  api = await startHttpServer((request, res) => {
    if (request.path.startsWith("/api/private")) privateAuth.push(request.headers.authorization);
    const query = new URL(request.path, "http://x").searchParams;
    const [a, b] = [Number(query.get("a")), Number(query.get("b"))];
    sendJson(res, 200, request.path.startsWith("/api/mul") ? { product: a * b } : { sum: a + b });
  });
  projects.commonjs = await consumerProject("commonjs", `${api.url}/api`);
  projects.module = await consumerProject("module", `${api.url}/api`);
}, 120_000);
afterAll(async () => {
  await api?.close();
  await cleanupProjects();
});

describe.each(["commonjs", "module"] as const)("a %s project from npm init and tsc --init", (flavour) => {
  it("type-checks with the generated client and runs a typed HTTP call", async () => {
    const dir = projects[flavour];
    expect(await tsc(["-p", "."], dir)).toEqual({ code: 0, out: "" });
    expect(await node(["main.js"], dir)).toEqual({ code: 0, out: "5\n" });
  }, 120_000);

  it("runs built into another folder, from another working folder, with nothing copied by hand", async () => {
    const dir = projects[flavour];
    rmSync(join(dir, "build"), { recursive: true, force: true });
    expect(await tsc(["-p", ".", "--outDir", "build"], dir)).toEqual({ code: 0, out: "" });
    // tsc carries the bundle's package.json along (the generated index imports it), and the built
    // index finds the manifest in the bundle it was built from: no JSON to copy after a build.
    expect(readdirSync(join(dir, "build/generated")).filter((name) => name.endsWith(".json"))).toEqual([
      "package.json",
    ]);
    const elsewhere = await writeProject({});
    expect(await node([join(dir, "build/main.js")], elsewhere)).toEqual({ code: 0, out: "5\n" });
    // The build shipped away from its project has no bundle to find: the error names the manifest
    // it looked for beside the built index, and copying the bundle's JSON files there runs it.
    const server = await writeProject({});
    copyFileSync(join(dir, "package.json"), join(server, "package.json"));
    await mkdir(join(server, "node_modules"));
    symlinkSync(repoRoot, join(server, "node_modules/unitc"), "dir");
    const shipped = join(server, "build");
    cpSync(join(dir, "build"), shipped, { recursive: true });
    const missing = await node([join(shipped, "main.js")], elsewhere);
    expect(missing.code).not.toBe(0);
    expect(missing.out).toContain(
      `cannot read manifest ${join(shipped, "generated/manifest.json")}: no such file`,
    );
    const json = readdirSync(join(dir, "generated")).filter((name) => name.endsWith(".json"));
    for (const name of json) copyFileSync(join(dir, "generated", name), join(shipped, "generated", name));
    expect(await node([join(shipped, "main.js")], elsewhere)).toEqual({ code: 0, out: "5\n" });
  }, 120_000);
});

/** A CLI unit whose relative working folder is `data/` beside `.units/`: it prints where it runs. */
const WHERE_UNIT = `---
name: Where
description: Says which folder its command runs in.
cliTools:
  cwd: ../data
  actions:
    folder:
      description: Print the working folder.
      command: pwd
---
# Where
`;

/** The app of the three ways: an HTTP call and the CLI unit's folder, as JSON. */
const THREE_WAYS_APP = `import { createUnits } from "./generated/index.ts";

const units = createUnits();
try {
  const { sum } = await units.sums.add({ a: 2, b: 3 });
  const folder = await units.where.folder();
  console.log(JSON.stringify([sum, folder.trim()]));
} finally {
  await units.$runtime.close();
}
`;

/** The same in plain CommonJS, which Node 24 runs requiring the generated TypeScript as it is. */
const THREE_WAYS_CJS = `const { createUnits } = require("./generated/index.ts");

const units = createUnits();
Promise.all([units.sums.add({ a: 2, b: 3 }), units.where.folder()])
  .then(([{ sum }, folder]) => console.log(JSON.stringify([sum, folder.trim()])))
  .finally(() => units.$runtime.close());
`;

/** Plain CommonJS requiring the `--bundle` form, for projects without TypeScript. */
const BUNDLE_CJS = THREE_WAYS_CJS.replace("./generated/index.ts", "./generated/bundle/index.js");

describe("the generated client in the three ways docs/typed-clients.md shows", () => {
  it("runs unchanged under Node's type stripping, under tsx, built by tsc into dist/, and bundled for CommonJS", async () => {
    // A project of its own: tsc emitting into the other projects' folders leaves `.js` beside `.ts`.
    const dir = await consumerProject("module", `${api.url}/api`, {
      ".units/where.md": WHERE_UNIT,
      "data/.keep": "",
    });
    writeFileSync(join(dir, "app.mts"), THREE_WAYS_APP);
    writeFileSync(join(dir, "app.cjs"), THREE_WAYS_CJS);
    // Every way, from every working folder, runs the CLI unit in the project's data/.
    const expected = { code: 0, out: `${JSON.stringify([5, realpathSync(join(dir, "data"))])}\n` };
    const elsewhere = await writeProject({});
    // Node 24 runs the TypeScript sources as they are, ES module and CommonJS alike.
    expect(await exec(NODE24, [join(dir, "app.mts")], elsewhere)).toEqual(expected);
    expect(await exec(NODE24, [join(dir, "app.cjs")], elsewhere)).toEqual(expected);
    expect(await node([TSX, "app.mts"], dir)).toEqual(expected);
    expect(await node([TSX, join(dir, "app.mts")], elsewhere)).toEqual(expected);
    rmSync(join(dir, "dist"), { recursive: true, force: true });
    expect(await tsc(["-p", ".", "--outDir", "dist"], dir)).toEqual({ code: 0, out: "" });
    expect(readFileSync(join(dir, "dist/app.mjs"), "utf8")).toContain('from "./generated/index.js"');
    // Built: nothing copied, and the CLI unit runs in data/, not in dist/ nor the working folder.
    expect(await node([join(dir, "dist/app.mjs")], elsewhere)).toEqual(expected);
    expect(await node(["dist/app.mjs"], dir)).toEqual(expected);
    expect(await node([join(dir, "dist/main.js")], elsewhere)).toEqual({ code: 0, out: "5\n" });
    // The `--bundle` form, one JavaScript file, required from plain CommonJS.
    const bundled = await node([UNITC, "compile", "--user-config", "none", "--bundle"], dir);
    expect(bundled, bundled.out).toMatchObject({ code: 0 });
    writeFileSync(join(dir, "bundle-app.cjs"), BUNDLE_CJS);
    expect(await node([join(dir, "bundle-app.cjs")], elsewhere)).toEqual(expected);
  }, 180_000);
});

describe("the Code Mode global units", () => {
  it("stays out of the application's program", async () => {
    const dir = projects.module;
    const listed = await tsc(["-p", ".", "--listFilesOnly"], dir);
    expect(listed.out).toContain(join(dir, "generated/index.ts"));
    expect(listed.out).not.toContain(".code-mode");
    // Application code reaching for the sandbox's global is a compile error, not a crash later.
    writeFileSync(join(dir, "leak.ts"), "export const f = () => units.sums.add({ a: 1, b: 2 });\n");
    try {
      const leaked = await tsc(["-p", ".", "--noEmit"], dir);
      expect(leaked.code).not.toBe(0);
      expect(leaked.out).toMatch(/^leak\.ts\(1,24\): error TS2304: Cannot find name 'units'\.$/m);
      expect(leaked.out.trim().split("\n")).toHaveLength(1);
    } finally {
      rmSync(join(dir, "leak.ts"));
    }
  }, 120_000);

  it("type-checks Code Mode scripts through the bundle's Code Mode tsconfig, and they run in unitc", async () => {
    const dir = projects.commonjs;
    const scripts = join(dir, "code-mode");
    await mkdir(scripts);
    writeFileSync(
      join(scripts, "tsconfig.json"),
      '{ "extends": "../generated/.code-mode/tsconfig.json", "include": ["**/*.ts"] }\n',
    );
    writeFileSync(
      join(scripts, "add.ts"),
      `const { sum } = await units.sums.add({ a: 20, b: 22 });
const hits = await units.search("add numbers");
console.log(hits.length);
const { product } = await units.calc.multiply({ query: { a: 6, b: 7 } });
({ sum, first: hits[0]?.operation, product });
`,
    );
    writeFileSync(join(scripts, "wrong.ts"), `await units.sums.add({ a: "20", b: 22 });\n`);
    // The OpenAPI unit's types come from spec-types.ts, which the Code Mode declaration imports.
    writeFileSync(
      join(scripts, "wrong-calc.ts"),
      `await units.calc.multiply({ query: { a: "6", b: 7 } });\n`,
    );
    const checked = await tsc(["-p", "code-mode"], dir);
    expect(checked.code).not.toBe(0);
    expect(checked.out).toMatch(/^code-mode\/wrong\.ts\(1,\d+\): error TS2322: /m);
    expect(checked.out).toMatch(/^code-mode\/wrong-calc\.ts\(1,\d+\): error TS2322: /m);
    expect(checked.out).not.toContain("spec-types");
    rmSync(join(scripts, "wrong-calc.ts"));
    expect(checked.out).not.toContain("add.ts");
    rmSync(join(scripts, "wrong.ts"));
    expect(await tsc(["-p", "code-mode"], dir)).toEqual({ code: 0, out: "" });
    // The script tsc accepts runs as written; its final expression is the result.
    const ran = await node([UNITC, "run", "code-mode/add.ts"], dir);
    expect(ran, ran.out).toMatchObject({ code: 0 });
    const result = JSON.parse(ran.out.slice(ran.out.indexOf("{"), ran.out.lastIndexOf("}") + 1));
    expect(result).toMatchObject({
      ok: true,
      value: { sum: 42, first: "add", product: 42 },
      diagnostics: [],
    });
    // As docs/serving.md says: the application's tsconfig excludes the scripts' folder, and still passes.
    const config = join(dir, "tsconfig.json");
    writeFileSync(config, readFileSync(config, "utf8").replace(/^\{/, '{\n  "exclude": ["code-mode"],'));
    expect(await tsc(["-p", ".", "--noEmit"], dir)).toEqual({ code: 0, out: "" });
  }, 120_000);
});

describe("vault: secrets in the application", () => {
  it("createUnits() reads what unitc secret set stored, from the user config unitc reads", async () => {
    const dir = await consumerProject("module", `${api.url}/api`, {
      ".units/private.md": VAULTED_UNIT(`${api.url}/api`),
    });
    // Every child here runs with HOME set to the project: its user config is where unitc looks.
    await mkdir(join(dir, ".config/unitc"), { recursive: true });
    const storage = { provider: "sqlite", path: "store.db" };
    writeFileSync(join(dir, ".config/unitc/config.json"), JSON.stringify({ storage }));
    const set = await unitc(["secret", "set", "SUMS_TOKEN"], dir, { HOME: dir }, "sums-canary-9d2e\n");
    expect(set, set.stderr).toMatchObject({ code: 0 });
    writeFileSync(
      join(dir, "app.mts"),
      `import { createUnits } from "./generated/index.ts";

// The user config unitc reads, then the same one named explicitly (as a path, as its storage).
const all = [
  createUnits(),
  createUnits({ userConfig: new URL("./.config/unitc/config.json", import.meta.url) }),
  createUnits({ storage: { provider: "sqlite", path: ".config/unitc/store.db" } }),
];
try {
  const sums = await Promise.all(all.map(async (units) => (await units.private.add({ a: 2, b: 3 })).sum));
  console.log(JSON.stringify(sums));
} finally {
  await Promise.all(all.map((units) => units.$runtime.close()));
}
`,
    );
    expect(await tsc(["-p", ".", "--noEmit"], dir)).toEqual({ code: 0, out: "" });
    privateAuth.length = 0;
    expect(await exec(NODE24, ["app.mts"], dir)).toEqual({ code: 0, out: "[5,5,5]\n" });
    expect(privateAuth).toEqual(Array(3).fill("Bearer sums-canary-9d2e"));
  }, 120_000);
});
