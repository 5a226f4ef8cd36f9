// GitHub GraphQL (`schema.json` from @octokit/graphql-schema, one generated operation per Query and
// Mutation field at selectionDepth 2): unitc's cold compile (a fresh process) and output size, beside
// @graphql-codegen/core + typescript-operations alone on the same operation documents in the same
// run (also a fresh process, with the options unitc gives it); peak RSS of both. The bundle's size is
// set beside what a user generates for a typed client of the same operations: the typescript plugin
// (the schema's types) and typescript-operations (the operations' types) in one module, with the
// same options; typescript-operations alone is what unitc runs, and is timed. After `npm run build`.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { duplicateRows } from "./bundle-duplicates.mjs";
import { benchProject, isMain, median, root } from "./support.mjs";

const RUNS = 3;
const SCHEMA = join(root, "node_modules/@octokit/graphql-schema/schema.json");
const SELF = join(root, "bench/graphql-github.mjs");

/** Wall time of `node <args>` in a fresh process. */
function timed(args) {
  const started = performance.now();
  execFileSync(process.execPath, args, { stdio: "pipe", cwd: root });
  return performance.now() - started;
}

/** Peak resident memory (MiB) of `node <args>`, read by GNU time. */
function peakRss(args) {
  const quoted = args.map((a) => `'${a}'`).join(" ");
  const out = execFileSync("/usr/bin/env", [
    "bash",
    "-c",
    `command -v /usr/bin/time >/dev/null && /usr/bin/time -f %M ${process.execPath} ${quoted} 2>&1 >/dev/null | tail -1 || echo 0`,
  ]);
  return Number(String(out).trim()) / 1024;
}

/** Bytes of every file below `dir`, and of the named ones. */
function sizes(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const bytes = (name) =>
    files.filter((e) => e.name === name).reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);
  const total = files.reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);
  return {
    total,
    specTypes: bytes("spec-types.ts"),
    types: bytes("types.ts"),
    client: statSync(join(dir, "units/github/index.ts")).size,
    manifest: bytes("manifest.json"),
  };
}

/**
 * The child process: codegen alone over the schema and a documents file, written to `out`. With
 * `withSchemaTypes`, the typescript plugin runs first: the schema's types (every object, interface,
 * union, input and enum) beside the operations' types, what a user generates for a typed client.
 */
async function codegenAlone(schemaFile, documentsFile, out, withSchemaTypes) {
  const { codegen } = await import("@graphql-codegen/core");
  // Loaded only when run: the timed runs load what unitc loads.
  const typescript = withSchemaTypes ? await import("@graphql-codegen/typescript") : undefined;
  const typescriptOperations = await import("@graphql-codegen/typescript-operations");
  const { buildClientSchema, Kind, parse } = await import("graphql");
  const introspection = JSON.parse(readFileSync(schemaFile, "utf8"));
  const schema = buildClientSchema(introspection.data ?? introspection);
  const document = parse(readFileSync(documentsFile, "utf8"));
  const text = await codegen({
    filename: out,
    schema: { kind: Kind.DOCUMENT, definitions: [] },
    schemaAst: schema,
    documents: [{ location: documentsFile, document }],
    plugins: withSchemaTypes
      ? [{ typescript: {} }, { typescriptOperations: {} }]
      : [{ typescriptOperations: {} }],
    pluginMap: withSchemaTypes ? { typescript, typescriptOperations } : { typescriptOperations },
    // The options unitc passes (compiler/discover/graphql/codegen.ts); codegen validates the documents here.
    config: {
      enumType: "string-literal",
      namingConvention: "keep",
      arrayInputCoercion: false,
      scalars: { ID: { input: "string", output: "string" } },
    },
  });
  writeFileSync(out, text);
}

export async function run() {
  const project = await benchProject("graphql-github", {
    ".units/config.json": JSON.stringify({
      version: 1,
      graphqlEndpoints: {
        github: {
          name: "GitHub",
          description: "GitHub GraphQL API.",
          endpointUrl: "https://api.github.com/graphql",
          schemaPath: SCHEMA,
          auth: { type: "bearer", token: "env:GITHUB_TOKEN" },
          selectionDepth: 2,
        },
      },
    }),
  });
  const out = join(project, "generated");
  const unitc = [
    join(root, "dist/cli/main.cjs"),
    "compile",
    "--project",
    project,
    "--out",
    out,
    "--user-config",
    "none",
  ];
  execFileSync(process.execPath, unitc, { stdio: "pipe", cwd: root });
  // Read as the runtime reads it: the file stores the text the documents repeat once.
  const { checkManifest } = await import(join(root, "dist/runtime/contract/manifest.js"));
  const manifest = checkManifest(JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")));
  const operations = manifest.units[0].operations;
  const documents = join(project, "operations.graphql");
  writeFileSync(documents, operations.map((op) => op.invoke.document).join("\n\n"));
  const codegenOut = join(project, "codegen.ts");
  const alone = [SELF, "--codegen-alone", SCHEMA, documents, codegenOut];
  const ours = [];
  const theirs = [];
  for (let i = 0; i < RUNS; i++) {
    execFileSync("rm", ["-rf", out]);
    ours.push(timed(unitc));
    theirs.push(timed(alone));
  }
  const size = sizes(out);
  const codegenFull = join(project, "codegen-schema-types.ts");
  execFileSync(process.execPath, [...alone.slice(0, -1), codegenFull, "--schema-types"], { cwd: root });
  const peer = statSync(codegenFull).size;
  // Cold again: with its output in place, a compile finds the build up to date and does nothing.
  execFileSync("rm", ["-rf", out]);
  const rss = peakRss(unitc);
  const mb = (bytes) => (bytes / 1e6).toFixed(2);
  const label = `GitHub GraphQL (${operations.length} ops, depth 2)`;
  return [
    { name: `${label}: unitc cold compile (new process)`, value: median(ours).toFixed(0), unit: "ms" },
    { name: `${label}: codegen alone (new process)`, value: median(theirs).toFixed(0), unit: "ms" },
    { name: `${label}: unitc / codegen`, value: (median(ours) / median(theirs)).toFixed(2), unit: "×" },
    { name: `${label}: unitc output, all files`, value: mb(size.total), unit: "MB" },
    { name: `${label}: unitc spec-types.ts (codegen module)`, value: mb(size.specTypes), unit: "MB" },
    { name: `${label}: unitc types.ts`, value: mb(size.types), unit: "MB" },
    { name: `${label}: unitc units/github/index.ts`, value: mb(size.client), unit: "MB" },
    { name: `${label}: unitc manifest.json`, value: mb(size.manifest), unit: "MB" },
    {
      name: `${label}: codegen alone output (typescript-operations: the operations' types, as unitc runs it)`,
      value: mb(statSync(codegenOut).size),
      unit: "MB",
    },
    {
      name: `${label}: codegen typescript + typescript-operations output (the schema's types and the operations' types: a typed client's)`,
      value: mb(peer),
      unit: "MB",
    },
    {
      name: `${label}: bundle size, unitc / codegen typescript + typescript-operations`,
      value: (size.total / peer).toFixed(2),
      unit: "×",
      target: "≤ 1.0×",
    },
    { name: `${label}: unitc peak RSS`, value: rss.toFixed(0), unit: "MiB" },
    { name: `${label}: codegen alone peak RSS`, value: peakRss(alone).toFixed(0), unit: "MiB" },
    ...duplicateRows(out, label),
  ];
}

if (process.argv[2] === "--codegen-alone") {
  await codegenAlone(process.argv[3], process.argv[4], process.argv[5], process.argv[6] === "--schema-types");
} else if (isMain(import.meta.url)) {
  const { printTable } = await import("./support.mjs");
  printTable(await run());
}
