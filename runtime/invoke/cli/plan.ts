/**
 * Turns a CLI action and an input into what gets spawned: argv, environment and working directory.
 * Nothing here runs a process; the checks that keep input values from becoming options or shell
 * syntax, and parent secrets from leaking into the child, live here.
 */
import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { UnitError } from "../../contract/errors.js";
import { MissingVariableError, referencedVariables, resolveReference } from "../../shared/references.js";
import { readInput, substitute, wholeInputPath } from "../shared/template.js";

/** Inherited from the parent when set; everything else of the parent environment stays out. */
const INHERITED_POSIX = [
  "HOME",
  "LOGNAME",
  "PATH",
  "SHELL",
  "TERM",
  "USER",
  "LANG",
  "LC_ALL",
  "TMPDIR",
  "TZ",
];
/** The MCP SDKs' Windows default set. */
const INHERITED_WIN32 = [
  "APPDATA",
  "HOMEDRIVE",
  "HOMEPATH",
  "LOCALAPPDATA",
  "PATH",
  "PROCESSOR_ARCHITECTURE",
  "SYSTEMDRIVE",
  "SYSTEMROOT",
  "TEMP",
  "USERNAME",
  "USERPROFILE",
  "PROGRAMFILES",
];

/**
 * Network settings a child needs to reach anything from behind a corporate proxy (`npx -y` fetching
 * its package, an API client): the proxies, upper and lower case as tools read either, and extra CA
 * certificates. Inherited on every platform when set. A proxy URL may carry a password: the values
 * count as secrets, so a stderr excerpt never shows them.
 */
export const NETWORK_VARIABLES = [
  "HTTPS_PROXY",
  "https_proxy",
  "HTTP_PROXY",
  "http_proxy",
  "NO_PROXY",
  "no_proxy",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
] as const;
/** Those of them whose values may hold a password. */
const PROXY_VARIABLES = new Set(["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"]);

function argText(value: unknown): string {
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** `$input.x` alone gives zero (absent or null), one, or one entry per array item; else a substitution. */
function expandArg(template: string, input: unknown, where: string): string[] {
  const path = wholeInputPath(template);
  if (!path) return [substitute(template, input, where)];
  const value = readInput(input, path);
  const items = Array.isArray(value) ? value : [value];
  return items.filter((item) => item !== undefined && item !== null).map(argText);
}

/**
 * Builds argv from `args` templates. An element whose template does not start with `-` must not start
 * with `-` once filled in, unless a literal `--` came before it: an input value never becomes an option.
 */
export function buildArgv(templates: readonly string[], input: unknown): string[] {
  const argv: string[] = [];
  let positional = false;
  templates.forEach((template, index) => {
    const where = `args[${index}]`;
    for (const value of expandArg(template, input, where)) {
      if (value.includes("\0")) {
        throw new UnitError("INPUT_INVALID", `${where} contains a NUL character`, {
          hint: "remove NUL characters from the input",
        });
      }
      if (!positional && !template.startsWith("-") && value.startsWith("-")) {
        throw new UnitError(
          "INPUT_INVALID",
          `${where} (${template}) would start with '-' and read as an option`,
          {
            hint: "values may not start with '-'; put '--' before positional arguments in args",
          },
        );
      }
      argv.push(value);
    }
    if (template === "--") positional = true;
  });
  return argv;
}

/** The child's environment, and the resolved secret values to redact from anything shown. */
export interface ChildEnvironment {
  env: Record<string, string>;
  secrets: string[];
}

function resolveDeclared(name: string, template: string, source: Record<string, string | undefined>): string {
  try {
    return resolveReference(template, source);
  } catch (error) {
    if (!(error instanceof MissingVariableError)) throw error;
    throw new UnitError(
      "MISSING_ENV",
      `env.${name} needs environment variable ${error.variable}, which is not set`,
      {
        hint: `set ${error.variable} in the environment the runtime runs in`,
      },
    );
  }
}

/**
 * The allowlisted parent variables plus the declared ones; declared values holding references
 * (`env:NAME`, `${NAME}`, `$env:NAME`) are resolved from `source`. Values starting with `()` are
 * dropped: bash would import them as functions.
 */
export function buildEnv(
  declared: Record<string, string>,
  source: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): ChildEnvironment {
  const entries: [string, string][] = [];
  const secrets: string[] = [];
  for (const name of platform === "win32" ? INHERITED_WIN32 : INHERITED_POSIX) {
    const value = source[name];
    if (value !== undefined) entries.push([name, value]);
  }
  for (const name of NETWORK_VARIABLES) {
    const value = source[name];
    if (value === undefined) continue;
    entries.push([name, value]);
    if (PROXY_VARIABLES.has(name) && value.includes("@")) secrets.push(value);
  }
  for (const [name, template] of Object.entries(declared)) {
    const variables = referencedVariables(template);
    if (variables.length === 0) {
      entries.push([name, template]);
      continue;
    }
    const value = resolveDeclared(name, template, source);
    for (const variable of variables) secrets.push(source[variable] as string);
    entries.push([name, value]);
  }
  const kept = entries.filter(([, value]) => !value.startsWith("()"));
  return { env: Object.fromEntries(kept), secrets };
}

/** The working directory: `cwd` resolved against the manifest's folder; it must exist. */
export function resolveCwd(cwd: string, baseDir: string): string {
  const dir = resolve(baseDir, cwd);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UnitError("CLI_SPAWN", `working directory ${dir} does not exist`, {
      hint: "create it, or fix cwd in the unit file (relative paths start at the manifest's folder)",
    });
  }
  return dir;
}

/** True when `command` names a file by path (it holds a slash) rather than a name looked up on PATH. */
export function isCommandPath(command: string, platform: NodeJS.Platform = process.platform): boolean {
  return command.includes("/") || (platform === "win32" && command.includes("\\"));
}

/**
 * The file a command names: a name without a slash (`npx`, `node`) stays as is, for PATH lookup; a
 * relative path (`./server.mjs`, `bin/tool`) starts at `baseDir` (the manifest's folder at run time,
 * the declaring file's folder at build time), never at the working folder.
 */
export function resolveCommand(command: string, baseDir: string): string {
  if (!isCommandPath(command) || isAbsolute(command)) return command;
  return resolve(baseDir, command);
}

/**
 * Refuses what cannot be spawned safely. On Windows a `.bat`/`.cmd` runs through cmd.exe, which
 * re-parses its arguments (CVE-2024-27980), so it is refused rather than quoted.
 */
export function checkCommand(command: string, platform: NodeJS.Platform = process.platform): void {
  if (command === "")
    throw new UnitError("CLI_SPAWN", "the command is empty", { hint: "set command in the unit file" });
  if (platform === "win32" && /\.(?:bat|cmd)$/i.test(command.trim())) {
    throw new UnitError(
      "CLI_SPAWN",
      `refusing to run batch file ${command}: cmd.exe would re-parse its arguments`,
      {
        hint: "point command at an executable (.exe), or call the tool the script wraps directly",
      },
    );
  }
}
