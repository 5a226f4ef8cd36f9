/**
 * The CLI parses flags and prints; serving and storage are assembled in the runtime. So the CLI
 * reaches serving only through the public serving API (`runtime/serve/index.ts`) and the configured
 * store only through the public storage API (`runtime/storage/index.ts`). The exceptions are listed
 * here with their reason: commands that administer a part of storage, or measure what a session
 * would list. None of them reaches the host, the transports or the assembly (`serve/start/`).
 */
import { describe, expect, it } from "vitest";
import { importsOf, sourcesUnder } from "./import-graph.js";

const PUBLIC = new Set(["runtime/serve/index.ts", "runtime/storage/index.ts"]);

/** CLI files allowed one deeper module each, and why. */
const EXCEPTIONS: Record<string, readonly string[]> = {
  // `unitc storage`: dumps, migrations, key rotation and the record types it moves between stores.
  "cli/commands/storage.ts": [
    "runtime/serve/auth/serve-token-admin.ts",
    "runtime/storage/dump.ts",
    "runtime/storage/dump-file.ts",
    "runtime/storage/postgresql/schema.ts",
    "runtime/storage/postgresql/store.ts",
    "runtime/storage/rotate.ts",
    "runtime/storage/seal.ts",
    "runtime/storage/sealed.ts",
    "runtime/storage/shared/types.ts",
    "runtime/storage/sqlite/store.ts",
    "runtime/storage/vault-key.ts",
  ],
  // `unitc publish` and its key: the published-bundle records and the publisher key.
  "cli/commands/publish.ts": ["runtime/storage/bundles.ts", "runtime/storage/publisher-key.ts"],
  "cli/commands/publish-keygen.ts": ["runtime/storage/publisher-key.ts"],
  // `unitc serve token`: the scoped token records and the operation rules they carry.
  "cli/commands/serve-token.ts": [
    "runtime/serve/auth/serve-token-admin.ts",
    "runtime/serve/auth/serve-token-record.ts",
    "runtime/serve/policy/rules.ts",
  ],
  // `unitc tokens`: counts what a session would list, built the way a session builds it.
  "cli/commands/tokens.ts": [
    "runtime/serve/shared/catalog.ts",
    "runtime/serve/sessions/context.ts",
    "runtime/serve/sessions/names.ts",
    "runtime/serve/sessions/search-tool.ts",
    "runtime/serve/sessions/tools.ts",
  ],
  // `unitc call`: prints a result as a session's tool result would carry it.
  "cli/target.ts": ["runtime/serve/sessions/results.ts"],
  // setup and verify items keep their approvals in the store (the record type only).
  "cli/commands/setup.ts": ["runtime/storage/shared/types.ts"],
  "cli/verify-units.ts": ["runtime/storage/shared/types.ts"],
  // doctor names the variables a bundle needs and the environment lacks, as serve does.
  "cli/doctor-secrets.ts": ["runtime/serve/shared/unset-env.ts"],
};

const ASSEMBLY = [
  "runtime/serve/start/",
  "runtime/serve/host/",
  "runtime/serve/http/",
  "runtime/serve/stdio/",
];

describe("the CLI's seam to serving and storage", () => {
  const deep = sourcesUnder("cli").flatMap((file) =>
    importsOf(file)
      .filter((target) => /^runtime\/(serve|storage)\//.test(target) && !PUBLIC.has(target))
      .map((target) => ({ file, target })),
  );

  it("goes through the public serving and storage API, the listed exceptions aside", () => {
    const unlisted = deep.filter(({ file, target }) => !EXCEPTIONS[file]?.includes(target));
    expect(unlisted.map(({ file, target }) => `${file} imports ${target}`)).toEqual([]);
  });

  it("never reaches the serving assembly, the host or the transports", () => {
    const assembly = deep.filter(({ target }) => ASSEMBLY.some((folder) => target.startsWith(folder)));
    expect(assembly.map(({ file, target }) => `${file} imports ${target}`)).toEqual([]);
  });

  it("lists only exceptions still taken", () => {
    const taken = new Set(deep.map(({ file, target }) => `${file} ${target}`));
    const stale = Object.entries(EXCEPTIONS).flatMap(([file, targets]) =>
      targets.filter((target) => !taken.has(`${file} ${target}`)).map((target) => `${file} ${target}`),
    );
    expect(stale).toEqual([]);
  });
});
