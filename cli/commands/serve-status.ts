/**
 * `unitc serve status`: asks a running `unitc serve --transport http` for its operator status
 * (`GET /metrics?json`) and prints per-unit call counts, error rates and codes, and the Code Mode
 * engines' queue. It finds the serve and its bearer token the way `unitc serve` does (flags,
 * environment, user config, the generated token's state file), and never makes a token.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineCommand } from "citty";
import { type ObservedStatus, statusLines } from "../../runtime/observe/status.js";
import { resolveServeSettings, resolveServeToken, TOKEN_FILE } from "../../runtime/serve/index.js";
import { terminalText } from "../../runtime/shared/terminal-text.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { userConfigArg } from "../storage-config.js";
import { loadUserServeConfig } from "../user-config.js";

const statusArgs = {
  url: {
    type: "string",
    description: "The serve's MCP URL (default: http://127.0.0.1:<port><path> from the settings)",
    valueHint: "URL",
  },
  port: { type: "string", description: "The serve's port, when --url is not given", valueHint: "PORT" },
  path: { type: "string", description: "The serve's MCP path, when --url is not given", valueHint: "/mcp" },
  token: { type: "string", description: "Reference to the bearer token (env:NAME)", valueHint: "REF" },
  json: { type: "boolean", description: "Print the status as JSON" },
  ...userConfigArg,
} as const;

/** Fails the command with `code`, its message and hint on stderr. */
function fail(io: CliIO, setExit: (code: number) => void, message: string, hint: string): void {
  io.stderr(`unitc serve status: STATUS_UNAVAILABLE ${terminalText(message)}\nhint: ${terminalText(hint)}\n`);
  setExit(EXIT_ERRORS);
}

/** The token the serve expects: the reference, UNITC_SERVE_TOKEN, or the state file when it exists. */
function tokenOf(io: CliIO, reference: string | undefined, statePath: string): string | undefined {
  if (reference === undefined && !io.env.UNITC_SERVE_TOKEN && !existsSync(join(statePath, TOKEN_FILE))) {
    return undefined;
  }
  const log = () => undefined;
  return resolveServeToken({ ...(reference ? { reference } : {}), env: io.env, statePath, log }).token;
}

function statusCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "status",
      description: "Show a running HTTP serve's per-unit calls, error rates and Code Mode queue",
    },
    args: statusArgs,
    async run({ args }) {
      const flag = args["user-config"];
      const user = await loadUserServeConfig(
        flag === "none" ? false : flag ? resolve(io.cwd, flag) : "",
        io.env,
      );
      let url: URL;
      let token: string | undefined;
      try {
        const flags = {
          transport: "http",
          ...(args.port ? { port: args.port } : {}),
          ...(args.path ? { path: args.path } : {}),
        };
        const settings = resolveServeSettings(flags, io.env, io.cwd, user);
        const host = settings.host === "0.0.0.0" || settings.host === "::" ? "127.0.0.1" : settings.host;
        url = new URL(
          args.url ?? `http://${host.includes(":") ? `[${host}]` : host}:${settings.port}${settings.path}`,
        );
        token = tokenOf(io, args.token ?? settings.tokenReference, settings.remoteStatePath);
      } catch (error) {
        return fail(io, setExit, (error as Error).message, "check --url, --port, --path and --token");
      }
      const target = new URL("/metrics?json", url);
      let answer: Response;
      try {
        answer = await fetch(target, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      } catch (error) {
        const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
        return fail(
          io,
          setExit,
          `cannot reach ${target.origin} (${cause})`,
          "is unitc serve --transport http running there? pass --url",
        );
      }
      const body = await answer.text();
      if (!answer.ok) {
        const hint =
          answer.status === 401 || answer.status === 403
            ? "pass the operators' token (--token env:NAME) or a serve token with the metrics scope"
            : "is this a unitc serve of this version?";
        return fail(io, setExit, `${target.origin} answered ${answer.status}`, hint);
      }
      if (args.json) io.stdout(`${terminalText(body)}\n`);
      else
        for (const line of statusLines(JSON.parse(body) as ObservedStatus))
          io.stdout(`${terminalText(line)}\n`);
      setExit(EXIT_OK);
    },
  });
}

/** `unitc serve` as far as `unitc serve status` needs it: only its `status` subcommand. */
export function serveStatusCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "serve", description: "Serve a compiled bundle over MCP (stdio or Streamable HTTP)" },
    subCommands: { status: statusCommand(io, setExit) },
  });
}
