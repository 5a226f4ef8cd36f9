/**
 * `unitc auth login|status|logout`: OAuth logins for a bundle's units (or, before the first compile,
 * the units the project's files declare), kept sealed in the store of the user config's `storage`
 * (default: the filesystem store in the data folder). Token bytes are never printed.
 */
import { defineCommand } from "citty";
import { deviceLogin } from "../../runtime/auth/device.js";
import { login } from "../../runtime/auth/login.js";
import { type LogoutOutcome, logout } from "../../runtime/auth/logout.js";
import { mcpLogin } from "../../runtime/auth/mcp-login.js";
import { type AuthUnit, authStatus, oauthTarget } from "../../runtime/auth/status.js";
import { TokenStore } from "../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../runtime/auth/tokens.js";
import { isUnitError } from "../../runtime/contract/errors.js";
import { authUnits } from "../auth-units.js";
import { envFileArg, withEnvFile } from "../env-file.js";
import { type CliIO, EXIT_ERRORS, UsageError } from "../io.js";
import { projectArgs } from "../project-args.js";
import { type OpenedStorage, openStorage, reportStorageFailure, userConfigArg } from "../storage-config.js";

const ACTIONS = new Set(["login", "status", "logout"]);

const authArgs = {
  action: { type: "positional", required: true, description: "login, status or logout", valueHint: "ACTION" },
  unit: { type: "positional", required: false, description: "The unit (login, logout)", valueHint: "UNIT" },
  manifest: {
    type: "string",
    description:
      "The bundle's manifest (default generated/manifest.json; without one, or without the unit, the project's unit files)",
    valueHint: "FILE",
  },
  project: projectArgs.project,
  config: projectArgs.config,
  browser: { type: "boolean", default: true, description: "Open the browser (--no-browser prints the URL)" },
  "callback-port": {
    type: "string",
    description: "Port of the loopback callback listener",
    valueHint: "PORT",
  },
  paste: {
    type: "boolean",
    description:
      "login: read the callback URL from stdin as well (on by default when stdin is a terminal), for a browser on another machine",
  },
  device: { type: "boolean", description: "login: use device authorization (RFC 8628), no browser needed" },
  json: { type: "boolean", description: "status: print JSON" },
  ...envFileArg,
  ...userConfigArg,
} as const;

interface AuthArgs {
  action: string;
  unit?: string;
  manifest?: string;
  project?: string;
  config?: string;
  browser: boolean;
  "callback-port"?: string;
  device?: boolean;
  paste?: boolean;
  json?: boolean;
  "user-config"?: string;
}

export function authCommand(outerIo: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "auth", description: "Log in to OAuth units, show their token status, or log out" },
    args: authArgs,
    async run({ args }) {
      const io = withEnvFile(outerIo, args["env-file"]);
      if (!ACTIONS.has(args.action)) {
        throw new UsageError(
          `unknown auth action ${JSON.stringify(args.action)}; use login, status or logout`,
        );
      }
      if (args.action !== "status" && !args.unit)
        throw new UsageError(`unitc auth ${args.action} needs a unit`);
      let storage: OpenedStorage | undefined;
      try {
        const units = await authUnits(io, args, args.unit);
        storage = await openStorage(io, args["user-config"]);
        await act(args, units, new TokenStore(storage.store, storage.key), io);
      } catch (error) {
        if (error instanceof UsageError) throw error;
        if (reportStorageFailure(io, `auth ${args.action}`, error)) return setExit(EXIT_ERRORS);
        const message = error instanceof Error ? error.message : String(error);
        const hint = isUnitError(error) && error.details.hint ? `\nhint: ${error.details.hint}` : "";
        const code = isUnitError(error) ? `${error.code} ` : "";
        io.stderr(`unitc auth ${args.action}: ${code}${message}${hint}\n`);
        setExit(EXIT_ERRORS);
      } finally {
        await storage?.close();
      }
    },
  });
}

async function act(args: AuthArgs, units: AuthUnit[], tokens: TokenStore, io: CliIO): Promise<void> {
  if (args.action === "status") {
    const statuses = await authStatus(units, tokens);
    if (args.json) io.stdout(`${JSON.stringify({ units: statuses }, null, 2)}\n`);
    // Silence would read as "all fine" or as a broken command; say why there is nothing.
    else if (statuses.length === 0) io.stderr("no unit uses OAuth, so there are no logins to show\n");
    for (const s of args.json ? [] : statuses) {
      const scopes = s.scopes ? ` scopes ${s.scopes.join(" ")}` : "";
      io.stdout(`${s.unit} ${s.state}${s.expiresAt ? ` expires ${s.expiresAt}` : ""}${scopes}\n`);
    }
    return;
  }
  const unit = units.find((u) => u.id === args.unit);
  const target = unit && oauthTarget(unit);
  if (!unit || !target) throw new UsageError(`unit ${args.unit} is not in the bundle or does not use OAuth`);
  if (args.action === "logout") {
    const outcome = await logout(unit.id, target.auth, new OAuthTokens(tokens, io.env), target.resource);
    io.stdout(logoutLine(unit.id, outcome));
    return;
  }
  const port = args["callback-port"] === undefined ? undefined : Number(args["callback-port"]);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
    throw new UsageError("--callback-port must be a port number");
  }
  const common = {
    unitId: unit.id,
    auth: target.auth,
    ...(target.resource ? { resource: target.resource } : {}),
    source: new OAuthTokens(tokens, io.env),
    print: (line: string) => io.stdout(line),
  };
  const pasted = pastedLines(args, io);
  if (target.mcp) {
    if (args.device)
      throw new UsageError("--device is not available for remote MCP units; log in through the browser");
    await mcpLogin({
      ...common,
      serverUrl: target.resource ?? "",
      store: tokens,
      noBrowser: !args.browser,
      ...(port !== undefined ? { callbackPort: port } : {}),
      ...(pasted ? { pasted } : {}),
    });
    io.stdout(`logged in to ${unit.id}\n`);
    return;
  }
  const result = args.device
    ? await deviceLogin(common)
    : await login({
        ...common,
        noBrowser: !args.browser,
        ...(port !== undefined ? { callbackPort: port } : {}),
        ...(pasted ? { pasted } : {}),
      });
  const expiry = result.expiresAt ? `; the token expires ${new Date(result.expiresAt).toISOString()}` : "";
  io.stdout(`logged in to ${unit.id}${expiry}\n`);
}

/**
 * The lines a login reads a pasted callback URL from: stdin when it is a terminal or with `--paste`
 * (a script piping the URL in), never for a device login. The prompt goes to stderr, keeping stdout's
 * URL line the only one there.
 */
function pastedLines(args: AuthArgs, io: CliIO): AsyncIterable<string> | undefined {
  if (args.device || !io.stdinLines) return undefined;
  if (args.paste === false || (!args.paste && !io.stdinIsTTY)) return undefined;
  if (io.stdinIsTTY) {
    io.stderr(
      "If the browser cannot reach this machine, paste the address it ended on here and press Enter.\n",
    );
  }
  return io.stdinLines();
}

function logoutLine(unitId: string, outcome: LogoutOutcome): string {
  if (!outcome.removed) return `no login was stored for ${unitId}\n`;
  const selfContained = "the access token is self-contained, so it cannot be revoked; it expires on its own";
  const onlyRefresh = outcome.revoked?.length === 1 && outcome.revoked[0] === "refresh_token";
  const how = {
    revoked: onlyRefresh
      ? `; the provider revoked the refresh token and with it the grant (${selfContained})`
      : "; the provider revoked its tokens",
    unrevocable: ` (${selfContained}; it was deleted here)`,
    unsupported: " (the provider offers no revocation; the tokens were deleted here)",
    failed: ` (revoking at the provider failed: ${outcome.reason}; the tokens were deleted here)`,
    skipped: "",
  }[outcome.revocation];
  return `logged out of ${unitId}${how}\n`;
}
