// What the bundles of scripts/bundle-cli.mjs share: which packages are inlined, the esbuild plugin
// that leaves every other package an import from node_modules, the stubs of imports unitc never
// reaches, the common esbuild options and the Code Mode worker scripts placed beside the code that
// starts them.
//
// Packages in BUNDLED are inlined, with their own dependencies. Every other package stays an import
// from node_modules and a `dependencies` entry: those with native binaries or wasm files (QuickJS),
// typescript (large, and loaded by path), undici (loaded file by file on first use), the optional
// peers of runtime/shared/optional-package.ts, and oauth4webapi, which the public declarations name and a
// consumer's type check must find. yaml is both: bundled (it is on serve's start path) and a
// dependency, for the declarations that name its types. A bundled package must never also be
// reachable through an external one, or two copies of it would meet (graphql and its codegen
// plugins are bundled together for that reason). @opentelemetry/api is the one exception: the
// optional OpenTelemetry SDK imports its own copy, and the API's copies meet through a process-wide
// global registry made for exactly that.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

export const root = fileURLToPath(new URL("..", import.meta.url));

/** The packages inlined into the bundles. */
export const BUNDLED = new Set([
  "@graphql-codegen/core",
  "@graphql-codegen/typescript-operations",
  "@modelcontextprotocol/client",
  "@modelcontextprotocol/core",
  "@modelcontextprotocol/node",
  "@modelcontextprotocol/server",
  "@opentelemetry/api",
  "acorn",
  "ajv",
  "ajv-formats",
  "chokidar",
  "citty",
  "graphql",
  "ipaddr.js",
  "jose",
  "minisearch",
  "openapi-typescript",
  "prom-client",
  "yaml",
  "zod",
]);

const WORKERS = ["engine-worker", "check-worker"];

function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
/** The packages installed with unitc (or by its user): never inlined, even into a bundled package. */
const INSTALLED = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]);

/** Whether a bare import stays an import from node_modules (or of a Node built-in). */
export function isExternal(args) {
  if (args.path.startsWith("node:")) return true;
  // JSON (a package's version) is inlined: target node20 would drop its import attribute.
  if (args.path.endsWith(".json")) return false;
  const name = packageName(args.path);
  if (BUNDLED.has(name)) return false;
  // One copy of typescript and the other installed packages, whoever imports them.
  if (INSTALLED.has(name)) return true;
  // A bundled package's own dependencies are bundled with it.
  return !args.importer.includes("/node_modules/");
}

/** Leaves a bare import external unless its package is in BUNDLED (or it is a bundled package's own dependency). */
export const externals = {
  name: "externals",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      isExternal(args) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * typescript is CommonJS in a package that does not say so (no `type`): imported from an ES module,
 * Node reads its 9 MB as text and parses it once more to tell CommonJS from ES syntax before loading
 * it (in the OpenAPI types worker, about a third of a second of the critical path of GitHub REST's
 * compile). Required, it is compiled once, from the compile cache. Every bundled import of it is a
 * default import (`import ts from "typescript"`), which this module gives.
 */
export const requireTypescript = {
  name: "require-typescript",
  setup(build) {
    build.onResolve({ filter: /^typescript$/ }, (args) =>
      args.namespace === "require-typescript"
        ? undefined
        : { path: args.path, namespace: "require-typescript" },
    );
    build.onLoad({ filter: /.*/, namespace: "require-typescript" }, () => ({
      // `require` is the one esmRequire's banner makes, resolving from the chunk's own folder.
      contents: 'export default require("typescript");',
      loader: "js",
      resolveDir: root,
    }));
  },
};

/**
 * Imports of bundled packages that unitc never reaches, replaced by stubs so neither the package nor
 * an install of it is needed. openapi-typescript's entry imports @redocly/openapi-core (about 20 MB
 * installed) for `openapiTS`, which reads, validates and bundles a document; unitc calls only its
 * transforms (transformSchema, astToString, resolveRef), which need redocly's small ref-utils
 * module alone: the stub's functions say so if ever called. typescript-operations imports its
 * optional peer graphql-sock only for the `nullability.errorHandlingClient` option, which unitc
 * does not set: the stub fails to load, as the missing package did, and the plugin's own message follows.
 */
const UNUSED = {
  "@redocly/openapi-core": {
    importer: "/node_modules/openapi-typescript/",
    contents: [
      "function unused() { throw new Error('unitc bundles openapi-typescript without @redocly/openapi-core: openapiTS() is not available'); }",
      "export { unused as BaseResolver, unused as bundle, unused as createConfig, unused as lintDocument, unused as makeDocumentFromString, unused as Source };",
    ].join("\n"),
  },
  // Required by redocly's utils module (which ref-utils requires) for getProxyAgent, which only its
  // fetching of URLs calls; loaded, it brought node:tls, node:http and node:net into the types worker.
  "https-proxy-agent": {
    importer: "/node_modules/@redocly/openapi-core/",
    contents:
      "export class HttpsProxyAgent { constructor() { throw new Error('unitc bundles @redocly/openapi-core without https-proxy-agent'); } }",
  },
  "graphql-sock": {
    importer: "/node_modules/@graphql-codegen/typescript-operations/",
    contents: "throw new Error('unitc bundles @graphql-codegen/typescript-operations without graphql-sock');",
  },
};

/** Replaces the imports of {@link UNUSED} with their stubs. */
export const unusedImports = {
  name: "unused-imports",
  setup(build) {
    build.onResolve({ filter: /^(?:@redocly\/openapi-core|https-proxy-agent|graphql-sock)$/ }, (args) =>
      args.importer.includes(UNUSED[args.path].importer)
        ? { path: args.path, namespace: "unused-import" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "unused-import" }, (args) => ({
      contents: UNUSED[args.path].contents,
      loader: "js",
    }));
  },
};

/** The options every bundle shares. */
export const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  // The licences of bundled packages go to dist/THIRD_PARTY_LICENSES.md (scripts/third-party-licenses.mjs).
  legalComments: "none",
  // Whitespace and syntax only: names stay, so a profile or a crash report still reads; the package
  // is about a quarter smaller (12.3 MB of bundles became 9.2 MB).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
  metafile: true,
};

/** Bundled CommonJS packages (ajv) call require() for Node built-ins. */
export const esmRequire =
  'import { createRequire as __unitcCreateRequire } from "node:module";\nconst require = __unitcCreateRequire(import.meta.url);';

/** The folders of the outputs holding worker-client, the code that starts the workers. */
export function workerStarters(metafile) {
  return Object.entries(metafile.outputs)
    .filter(([, output]) =>
      Object.keys(output.inputs).some((input) => input.endsWith("sandbox/workers/worker-client.ts")),
    )
    .map(([file]) => dirname(join(root, file)));
}

/** Writes the worker scripts into `dir` (worker-client looks for `./engine-worker.js` next to itself). */
export async function bundleWorkers(dir) {
  return esbuild.build({
    ...common,
    format: "esm",
    banner: { js: esmRequire },
    plugins: [externals],
    entryPoints: Object.fromEntries(WORKERS.map((w) => [w, join(root, `runtime/sandbox/workers/${w}.ts`)])),
    outdir: dir,
  });
}
