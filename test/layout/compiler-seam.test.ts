/**
 * The seam between the compiler and the runtime. The compiler may import from `runtime/` only the
 * public entry, the contract (the manifest and its schema types, errors and codes, signatures) and
 * the shared-rule modules listed here: rules a compiled bundle and a running unit must apply alike,
 * written once. Anything else fails this test; so does a listed file the compiler no longer uses,
 * so the list stays the truth. The runtime never imports the compiler.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, ROOT, sourcesUnder } from "./import-graph.js";

/** The runtime's contract with the compiler: whole folder. */
const CONTRACT = "runtime/contract/";

/** Shared-rule modules, by what they are to both sides. */
const SHARED_RULES: Record<string, readonly string[]> = {
  "the public entry": ["runtime/index.ts"],
  "verbatim texts: the templates/ files the compiler writes and the sandbox evaluates": [
    "runtime/shared/templates.ts",
  ],
  "templates and serialisers: a request is built the way its types promise": [
    "runtime/invoke/shared/template.ts",
    "runtime/invoke/openapi/serialize.ts",
    "runtime/invoke/openapi/parameter-style.ts",
    "runtime/invoke/cli/plan.ts",
  ],
  "header rules and the guarded HTTP sender: a spec fetch passes the guard and auth a call does": [
    "runtime/invoke/http/header-rules.ts",
    "runtime/invoke/http/index.ts",
    "runtime/invoke/http/request.ts",
    "runtime/invoke/http/response.ts",
    "runtime/invoke/http/call-auth.ts",
    "runtime/auth/settings.ts",
    "runtime/auth/tokens.ts",
  ],
  "storage providers: which may hold records a team shares, checked when a config is validated": [
    "runtime/storage/providers.ts",
  ],
  "references and redaction": [
    "runtime/shared/references.ts",
    "runtime/shared/redact.ts",
    "runtime/shared/shown-text.ts",
  ],
  "the MCP listing client: compile lists tools as serving calls them": [
    "runtime/invoke/mcp/connect.ts",
    "runtime/invoke/mcp/listed-tool.ts",
    "runtime/invoke/mcp/own-wait.ts",
    "runtime/invoke/mcp/package-runner.ts",
    "runtime/invoke/mcp/tail-buffer.ts",
    "runtime/invoke/mcp/tool-schema.ts",
  ],
  "the declarations writer: Code Mode declarations the compiler writes and serving extends": [
    "runtime/sandbox/declarations/declarations.ts",
    "runtime/sandbox/declarations/describe-file.ts",
    "runtime/sandbox/declarations/spec-types-link.ts",
    "runtime/sandbox/declarations/units-global.ts",
    "runtime/shared/doc-comment.ts",
  ],
  "search index building: built at compile time, read when serving": [
    "runtime/search/index.ts",
    "runtime/search/units-index-build.ts",
  ],
  "small shared helpers: hashes, names, folders, optional packages, input checks, Node's compile cache": [
    "runtime/shared/canonical.ts",
    "runtime/shared/compile-cache.ts",
    "runtime/shared/did-you-mean.ts",
    "runtime/shared/optional-package.ts",
    "runtime/shared/trim.ts",
    "runtime/shared/user-dirs.ts",
    "runtime/shared/validate-input.ts",
  ],
};

const allowed = new Set(Object.values(SHARED_RULES).flat());

/** Every runtime file a compiler file imports, with the first importer found. */
function compilerImportsOfRuntime(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourcesUnder("compiler")) {
    for (const target of importsOf(file)) {
      if (target.startsWith("runtime/") && !found.has(target)) found.set(target, file);
    }
  }
  return found;
}

describe("the compiler's seam to the runtime", () => {
  const imported = compilerImportsOfRuntime();

  it("imports only the contract, the public entry and the listed shared rules", () => {
    const outside = [...imported]
      .filter(([target]) => !target.startsWith(CONTRACT) && !allowed.has(target))
      .map(([target, importer]) => `${importer} imports ${target}`);
    expect(outside).toEqual([]);
    expect(imported.size).toBeGreaterThan(20);
  });

  it("lists only files that exist and that the compiler imports", () => {
    const stale = [...allowed].filter((file) => !existsSync(join(ROOT, file)) || !imported.has(file));
    expect(stale.filter((file) => file !== "runtime/index.ts")).toEqual([]);
  });

  it("keeps the runtime free of compiler imports", () => {
    const back = sourcesUnder("runtime").flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith("compiler/"))
        .map((target) => `${file} imports ${target}`),
    );
    expect(back).toEqual([]);
  });
});
