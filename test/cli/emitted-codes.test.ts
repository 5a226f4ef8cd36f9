/**
 * Every code the source of the compiler, the runtime and the CLI can emit is in the one code
 * catalogue that `unitc explain` and the README read. The scan below finds codes where they are
 * made: a `code:` field or `code =` assignment, the first argument of an error constructor or a
 * failure helper, a diagnostic's severity-then-code arguments, a code type's union of literals and
 * the code argument of a serve HTTP error body. And strictly: every other upper-case name with an
 * `_` written as a string in the source is either a catalogued code or one of the names below that
 * are not codes, so a code made some new way cannot slip past the scan.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { allCodes } from "../../cli/code-catalogue.js";
import { UnitError } from "../../runtime/contract/errors.js";
import { ServeSetupError } from "../../runtime/serve/shared/setup-error.js";
import { VaultError } from "../../runtime/storage/seal.js";
import { StoreError } from "../../runtime/storage/shared/types.js";

const repo = join(import.meta.dirname, "../..");
const ORIGINS = ["compiler", "runtime", "cli"] as const;

/** A code as unitc writes them: upper-case words joined by `_`. */
const CODE = "[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*";
const QUOTED = new RegExp(`"(${CODE})"`, "g");

/** Where a code is made; each match's text is searched for quoted codes. */
const EMITTERS: readonly RegExp[] = [
  // `code: "X"`, `code: cond ? "X" : "Y"`, `readonly code = "X"`, `const code = … "X"` (not `===`)
  /\bcode\??\s*(?::|=(?!=))[^,;{}\n]*/g,
  // `new AnyError("X"`, and helpers that take the code first: `fail("X"`, `invalid("X"`, …
  new RegExp(
    String.raw`\b(?:new\s+\w+|\w*(?:fail|failure|invalid|problem|refused|report|make|diagnostic|unitError)\w*)\(\s*"${CODE}"`,
    "gi",
  ),
  // a diagnostic's severity, then its code (or a choice of two)
  new RegExp(String.raw`"(?:error|warning|info)",\s*(?:[\w.!]+ \? )?"${CODE}"(?:\s*:\s*"${CODE}")?`, "g"),
  // a code type spelled as a union of literals: `type StoreErrorCode = | "A" | "B"`, `readonly code: | "A"`
  new RegExp(String.raw`(?:type \w*Code\w*\s*=|code:|Catalogued<)\s*(?:\|?\s*"${CODE}"\s*)+`, "g"),
  // the unitc code of a serve HTTP error body (JSON-RPC error data)
  new RegExp(String.raw`sendError\([^;]*?"${CODE}"\s*\)`, "g"),
];

/** Node's own error codes, which the source names as a fallback for a failed read's `errno` code. */
const NODE_ERRNO = /^E[A-Z]+$/;

/** Any code-shaped name with an `_` in a string literal: `"A_B"`, `'A_B'` or `` `A_B` ``. */
const NAMED = /["'`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["'`]/g;

/** Names the source writes as strings that are not unitc codes: each must be one of these. */
const NOT_CODES = new Set([
  // environment variables unitc reads, passes to commands or names in messages
  ...["CHROME_PATH", "PUPPETEER_EXECUTABLE_PATH", "DO_NOT_TRACK", "FORCE_COLOR", "NO_COLOR", "LC_ALL"],
  ...["DOCKER_CERT_PATH", "DOCKER_CONFIG", "DOCKER_CONTEXT", "DOCKER_HOST", "DOCKER_TLS_VERIFY"],
  ...["HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "NODE_EXTRA_CA_CERTS", "SSL_CERT_DIR", "SSL_CERT_FILE"],
  ...["PROCESSOR_ARCHITECTURE", "NODE_COMPILE_CACHE", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"],
  ...["UNITC_CACHE_DIR", "UNITC_OUTBOUND_ALLOW", "UNITC_SERVE_HOST", "UNITC_SERVE_PATH", "UNITC_SERVE_TOKEN"],
  ...["UNITC_TELEMETRY_ENDPOINT", "UNITC_TRUST", "UNITC_UPSTREAM_URL", "UNITC_MANIFEST"],
  ...[
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
  ],
  // other packages' codes and settings: Node's module loader and workers, the yaml parser, the S3 client
  ...["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND", "TAG_RESOLVE_FAILED", "WHEN_REQUIRED"],
  "ERR_WORKER_OUT_OF_MEMORY",
  // constants named in comments and messages of the source
  ...["MAX_JSON_DEPTH", "MAX_REDIRECTS", "STARTING_CHECK_WAIT_MS"],
]);

async function sourceFiles(origin: string): Promise<string[]> {
  const entries = await readdir(join(repo, origin), { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !/\.(test|generated|d)\.ts$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Each code the source of `origin` emits, with the first file that does. */
async function emittedCodes(origin: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const file of await sourceFiles(origin)) {
    const text = await readFile(file, "utf8");
    for (const emitter of EMITTERS) {
      for (const match of text.matchAll(emitter)) {
        for (const [, code] of match[0].matchAll(QUOTED)) {
          if (NODE_ERRNO.test(code as string) || found.has(code as string)) continue;
          found.set(code as string, relative(repo, file));
        }
      }
    }
  }
  return found;
}

describe("the code catalogue covers every code the source emits", () => {
  it("finds codes of each origin, the ways each makes them", async () => {
    const compiler = await emittedCodes("compiler");
    const runtime = await emittedCodes("runtime");
    const cli = await emittedCodes("cli");
    // diagnostics and a spec fetch's code
    expect([...compiler.keys()]).toEqual(expect.arrayContaining(["DUPLICATE_ID", "SPEC_UNREADABLE"]));
    // UnitError, StoreError, VaultError, sandbox results, serve tool failures and HTTP error bodies
    expect([...runtime.keys()]).toEqual(
      expect.arrayContaining([
        "HTTP_STATUS",
        "STORAGE_UNREACHABLE",
        "VAULT_WRONG_KEY",
        "SCRIPT_ERROR",
        "STACK_OVERFLOW",
        "TOO_MANY_RUNS",
        "RATE_LIMITED",
        "REFERENCE_LITERAL",
        // serve's flag checks, now assembled in the runtime
        "BAD_PORT",
      ]),
    );
    // the user config's error
    expect([...cli.keys()]).toEqual(expect.arrayContaining(["USER_CONFIG_INVALID"]));
    expect(compiler.size).toBeGreaterThan(100);
    expect(runtime.size).toBeGreaterThan(60);
    expect(cli.size).toBeGreaterThan(5);
  });

  it("has an entry for each", async () => {
    const known = new Set(allCodes().map((entry) => entry.code));
    const missing: string[] = [];
    for (const origin of ORIGINS) {
      for (const [code, file] of await emittedCodes(origin)) {
        if (!known.has(code)) missing.push(`${code} (${file})`);
      }
    }
    expect(missing.sort()).toEqual([]);
  });

  it("knows every code-shaped name in the source's strings, as a code or as a name that is not one", async () => {
    const known = new Set(allCodes().map((entry) => entry.code));
    const unknown: string[] = [];
    for (const origin of ORIGINS) {
      for (const file of await sourceFiles(origin)) {
        for (const [, name] of (await readFile(file, "utf8")).matchAll(NAMED)) {
          if (known.has(name as string) || NOT_CODES.has(name as string)) continue;
          unknown.push(`${name} (${relative(repo, file)})`);
        }
      }
    }
    expect([...new Set(unknown)].sort()).toEqual([]);
  });

  it("types the main error constructors' codes by the catalogue, so an uncatalogued one does not compile", () => {
    // tsc --noEmit checks these lines: each code is missing from the catalogue, so each must be an error.
    const made = [
      // @ts-expect-error: not a catalogued code
      new UnitError("NOT_CATALOGUED", "x"),
      // @ts-expect-error: not a catalogued code
      new StoreError("STORAGE_NOT_CATALOGUED", "x"),
      // @ts-expect-error: not a catalogued code
      new VaultError("VAULT_NOT_CATALOGUED", "x"),
      // @ts-expect-error: not a catalogued code
      new ServeSetupError("BAD_NOT_CATALOGUED", "x"),
    ];
    expect(made.map((error) => error.code)).toEqual([
      "NOT_CATALOGUED",
      "STORAGE_NOT_CATALOGUED",
      "VAULT_NOT_CATALOGUED",
      "BAD_NOT_CATALOGUED",
    ]);
  });
});
