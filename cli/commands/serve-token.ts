/**
 * `unitc serve token create|list|revoke`: the scoped bearer tokens `unitc serve` accepts over HTTP,
 * kept hashed in the user config's storage. `create` prints the token once, on stdout and nothing
 * else there; it cannot be shown again.
 */
import { existsSync } from "node:fs";
import { defineCommand } from "citty";
import { isUnitError, UnitError } from "../../runtime/contract/errors.js";
import {
  createServeToken,
  listServeTokens,
  parseDuration,
  revokeServeToken,
} from "../../runtime/serve/auth/serve-token-admin.js";
import type { ServeTokenInfo } from "../../runtime/serve/auth/serve-token-record.js";
import { describeRules, operationRules } from "../../runtime/serve/policy/rules.js";
import { nearestNames } from "../../runtime/shared/did-you-mean.js";
import { manifestArg, manifestPathOf, openSummary } from "../bundle.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { userConfigArg, withStorage } from "../storage-config.js";

const nameArg = {
  name: { type: "positional", required: true, description: "The token's name", valueHint: "NAME" },
} as const;

/** Runs `body`, printing a serve-token failure (`SERVE_TOKEN_*`) with its hint as exit 1. */
async function reported(io: CliIO, command: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!isUnitError(error)) throw error;
    printFailure(io, command, error);
    return EXIT_ERRORS;
  }
}

function printFailure(io: CliIO, command: string, error: UnitError): void {
  const hint = error.details.hint ? `\nhint: ${error.details.hint}` : "";
  io.stderr(`unitc serve token ${command}: ${error.code} ${error.message}${hint}\n`);
}

/**
 * Whether `units` are all units of the bundle `--manifest` names (or the default one, when it exists):
 * a typo would make a token that lets its holder into nothing. Reports and returns false when not.
 */
async function unitsKnown(
  io: CliIO,
  units: string[],
  manifestFlag: string | undefined,
  setExit: (code: number) => void,
): Promise<boolean> {
  // No bundle at hand (tokens made before a first compile, or on another machine): nothing to check.
  if (manifestFlag === undefined && !existsSync(manifestPathOf(io, undefined))) return true;
  const summary = await openSummary(io, "serve token create", manifestFlag, setExit);
  if (!summary) return false;
  const ids = summary.index.units.map((unit) => unit.id);
  const unknown = units.filter((id) => !ids.includes(id));
  if (unknown.length === 0) return true;
  const [first = ""] = unknown;
  const nearest = nearestNames(first, ids);
  printFailure(
    io,
    "create",
    new UnitError(
      "SERVE_TOKEN_UNKNOWN_UNIT",
      `the bundle at ${summary.path} has no unit ${unknown.join(", ")}`,
      {
        hint: nearest.length > 0 ? `its nearest units: ${nearest.join(", ")}` : "the bundle has no units",
      },
    ),
  );
  setExit(EXIT_ERRORS);
  return false;
}

function date(ms: number | undefined): string {
  return ms === undefined ? "-" : new Date(ms).toISOString();
}

/** Every value of a repeatable flag `--name V` / `--name=V` (citty's parsed args keep only the last). */
function repeated(rawArgs: readonly string[], name: string): string[] {
  const values: string[] = [];
  for (let at = 0; at < rawArgs.length; at++) {
    const arg = rawArgs[at] as string;
    if (arg === "--") break;
    if (arg.startsWith(`--${name}=`)) values.push(arg.slice(name.length + 3));
    else if (arg === `--${name}` && at + 1 < rawArgs.length) values.push(rawArgs[++at] as string);
  }
  return values;
}

function row(token: ServeTokenInfo): string {
  const units = token.units ? token.units.join(",") : "all units";
  const scopes = token.scopes ? `\tscopes ${token.scopes.join(",")}` : "";
  return `${token.name}\t${units}\t${describeRules(token.rules)}${scopes}\tcreated ${date(token.createdAt)}\tlast used ${date(token.lastUsedAt)}\texpires ${date(token.expiresAt)}\n`;
}

const createArgs = {
  ...nameArg,
  units: { type: "string", description: "Only these units (comma-separated IDs)", valueHint: "a,b" },
  expires: { type: "string", description: "Expire after this long (30d, 12h, 15m)", valueHint: "30d" },
  "read-only": {
    type: "boolean",
    description: "Only operations that only read (readOnlyHint, HTTP GET or HEAD)",
  },
  allow: {
    type: "string",
    description: "Only operations matching this unit.operation pattern (repeatable; * any text)",
    valueHint: "github.repos_*",
  },
  deny: {
    type: "string",
    description: "Never operations matching this unit.operation pattern (repeatable; wins over --allow)",
    valueHint: "*.delete*",
  },
  scope: { type: "string", description: "Also allow: metrics (read GET /metrics)", valueHint: "metrics" },
  ...manifestArg,
  ...userConfigArg,
} as const;

function createCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "create", description: "Create a serve token and print it once" },
    args: createArgs,
    async run({ args, rawArgs }) {
      const units = args.units
        ?.split(",")
        .map((id) => id.trim())
        .filter((id) => id !== "");
      if (units && !(await unitsKnown(io, units, args.manifest, setExit))) return;
      await withStorage(io, "serve token create", args["user-config"], setExit, ({ store, key }) =>
        reported(io, "create", async () => {
          const expiresInMs = args.expires === undefined ? undefined : parseDuration(args.expires);
          const rules = operationRules({
            readOnly: args["read-only"] === true,
            allow: repeated(rawArgs, "allow"),
            deny: repeated(rawArgs, "deny"),
          });
          const { token } = await createServeToken(store, key, {
            name: args.name,
            ...(units ? { units } : {}),
            ...(rules ? { rules } : {}),
            ...(args.scope ? { scopes: args.scope.split(",").map((scope) => scope.trim()) } : {}),
            ...(expiresInMs !== undefined ? { expiresInMs } : {}),
          });
          io.stdout(`${token}\n`);
          io.stderr(`serve token ${args.name} created; it is shown this once, keep it now\n`);
          return EXIT_OK;
        }),
      );
    },
  });
}

function listCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "list", description: "List serve tokens: names, scopes, dates (never the tokens)" },
    args: { json: { type: "boolean", description: "Print JSON" }, ...userConfigArg },
    async run({ args }) {
      await withStorage(io, "serve token list", args["user-config"], setExit, async ({ store }) => {
        const tokens = await listServeTokens(store);
        const shown = tokens.map((t) => ({
          name: t.name,
          units: t.units ?? null,
          rules: t.rules ?? null,
          created: date(t.createdAt),
          lastUsed: t.lastUsedAt === undefined ? null : date(t.lastUsedAt),
          expires: t.expiresAt === undefined ? null : date(t.expiresAt),
        }));
        if (args.json) io.stdout(`${JSON.stringify(shown, null, 2)}\n`);
        else if (tokens.length === 0) io.stderr("no serve tokens\n");
        else for (const token of tokens) io.stdout(row(token));
        return EXIT_OK;
      });
    },
  });
}

function revokeCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "revoke",
      description: "Revoke a serve token (serving processes refuse it within their poll interval)",
    },
    args: { ...nameArg, ...userConfigArg },
    async run({ args }) {
      await withStorage(io, "serve token revoke", args["user-config"], setExit, ({ store }) =>
        reported(io, "revoke", async () => {
          await revokeServeToken(store, args.name);
          io.stderr(`serve token ${args.name} revoked\n`);
          return EXIT_OK;
        }),
      );
    },
  });
}

function tokenCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "token", description: "Create, list and revoke scoped serve tokens" },
    subCommands: {
      create: createCommand(io, setExit),
      list: listCommand(io, setExit),
      revoke: revokeCommand(io, setExit),
    },
  });
}

/** `unitc serve` as far as `unitc serve token …` needs it: only its `token` subcommand. */
export function serveTokenCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "serve", description: "Serve a compiled bundle over MCP (stdio or Streamable HTTP)" },
    subCommands: { token: tokenCommand(io, setExit) },
  });
}
