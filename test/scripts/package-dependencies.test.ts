/**
 * The installed package's dependencies are exactly what the built package imports from node_modules:
 * every package the library entries, the bundled CLI and its workers (or the public declarations)
 * load is a dependency or an optional peer, and every dependency is loaded by one of them, so a plain
 * install carries nothing the package never reads (packages the CLI bundle inlines stay out).
 */
import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/built-cli.js";

const manifest = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as {
  exports: Record<string, { types: string; default: string }>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

/** The library entries (`unitc`, `unitc/runtime`, the agent framework adapters), as package.json exports them. */
const EXPORTS = Object.values(manifest.exports);

/** What runs from an installed package: its exports, its bin and the workers the CLI starts. */
const ENTRIES = [
  ...EXPORTS.map((entry) => entry.default.replace(/^\.\//, "")),
  "dist/cli/entry.cjs",
  "dist/cli/main.js",
  "dist/cli/completion-slow.js",
  "dist/cli/serve.cjs",
  "dist/cli/engine-worker.js",
  "dist/cli/check-worker.js",
];

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]) ?? specifier;
}

/** The packages the built files import (statically or on first use), outside node_modules. */
async function importedPackages(): Promise<Set<string>> {
  const found = new Set<string>();
  await esbuild.build({
    entryPoints: ENTRIES.map((entry) => join(REPO, entry)),
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    outdir: join(REPO, "dist-trace"),
    logLevel: "silent",
    plugins: [
      {
        name: "record",
        setup(build) {
          // serve.cjs leaves the other commands as imports of tsc's output it never makes: bin.mjs
          // sends it `unitc serve` alone.
          build.onResolve({ filter: /^\.\/(commands|completion)\// }, (args) =>
            args.importer.endsWith(join("dist", "cli", "serve.cjs"))
              ? { path: args.path, external: true }
              : undefined,
          );
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (isBuiltin(args.path) || args.importer.includes("/node_modules/")) {
              return { path: args.path, external: true };
            }
            found.add(packageName(args.path));
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return found;
}

/** The packages the public declarations (of every export) refer to. */
function declaredPackages(): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, specifier = ""] of text.matchAll(/(?:from|import\()\s*"([^"]+)"/g)) {
      if (specifier.startsWith(".")) {
        if (specifier.endsWith(".js")) walk(join(dirname(file), specifier.replace(/\.js$/, ".d.ts")));
      } else if (!isBuiltin(specifier)) found.add(packageName(specifier));
    }
  };
  for (const entry of EXPORTS) walk(join(REPO, entry.types));
  return found;
}

describe("package.json dependencies", () => {
  it("hold every package the built package loads, and nothing else", async () => {
    const used = new Set([...(await importedPackages()), ...declaredPackages()]);
    const optional = Object.keys(manifest.peerDependencies).filter(
      (name) => manifest.peerDependenciesMeta[name]?.optional === true,
    );
    const missing = [...used].filter((name) => !(name in manifest.dependencies) && !optional.includes(name));
    const unused = Object.keys(manifest.dependencies).filter((name) => !used.has(name));
    expect({ missing: missing.sort(), unused: unused.sort() }).toEqual({ missing: [], unused: [] });
  });

  it("are pinned to exact versions", () => {
    const ranged = Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(
      ([, version]) => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version),
    );
    expect(ranged).toEqual([]);
  });
});
