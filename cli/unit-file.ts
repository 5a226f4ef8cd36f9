/**
 * The unit file `unitc add` writes: a backend block built from flags, as YAML frontmatter, and a short
 * body for people. Only the fields given are written; the compiler's defaults fill in the rest.
 */
import { stringify } from "yaml";
import { UsageError } from "./io.js";

/** The kinds `unitc add` writes, each with its unit file key. */
export const ADD_KINDS = {
  openapi: "openapiEndpoint",
  graphql: "graphqlEndpoint",
  mcp: "mcpServer",
  http: "httpApi",
  cli: "cliTools",
  discovery: "vendorDiscoveryApi",
} as const;

export type AddKind = keyof typeof ADD_KINDS;

/** The flags `unitc add` reads (strings as typed; undefined when not given). */
export interface AddFlags {
  name?: string;
  description?: string;
  spec?: string;
  "base-url"?: string;
  endpoint?: string;
  schema?: string;
  url?: string;
  token?: string;
  action?: string;
  method?: string;
  path?: string;
  /** The words after `--`: a command and its arguments (mcp, cli). */
  command: readonly string[];
}

const isUrl = (text: string) => /^https?:\/\//i.test(text);

function need(value: string | undefined, flag: string, kind: string): string {
  if (value === undefined || value === "") throw new UsageError(`unitc add ${kind} needs ${flag}`);
  return value;
}

/** A local path or a URL, under the key that fits it. */
function pathOrUrl(value: string, pathKey: string, urlKey: string): Record<string, string> {
  return isUrl(value) ? { [urlKey]: value } : { [pathKey]: value };
}

/** `--token env:NAME` is bearer auth; without it the API is taken as public (`type: none`). */
function auth(flags: AddFlags): Record<string, string> {
  return flags.token === undefined ? { type: "none" } : { type: "bearer", token: flags.token };
}

function commandOf(flags: AddFlags, kind: string): { command: string; args?: string[] } {
  const [command, ...args] = flags.command;
  if (command === undefined)
    throw new UsageError(`unitc add ${kind} needs the command after --, e.g. -- npx -y my-server`);
  return args.length > 0 ? { command, args } : { command };
}

const BLOCKS: Record<AddKind, (flags: AddFlags) => Record<string, unknown>> = {
  openapi: (f) => ({
    ...pathOrUrl(need(f.spec, "--spec PATH|URL", "openapi"), "specPath", "specUrl"),
    ...(f["base-url"] ? { baseUrl: f["base-url"] } : {}),
    auth: auth(f),
  }),
  discovery: (f) => ({
    ...pathOrUrl(need(f.spec, "--spec PATH|URL", "discovery"), "discoveryPath", "discoveryUrl"),
    ...(f["base-url"] ? { baseUrl: f["base-url"] } : {}),
    auth: auth(f),
  }),
  graphql: (f) => ({
    endpointUrl: need(f.endpoint, "--endpoint URL", "graphql"),
    ...(f.schema ? pathOrUrl(f.schema, "schemaPath", "schemaUrl") : { introspection: true }),
    auth: auth(f),
  }),
  mcp: (f) => {
    if (f.url !== undefined) {
      if (f.command.length > 0)
        throw new UsageError("unitc add mcp takes --url or a command after --, not both");
      return { transport: "http", url: f.url, ...(f.token ? { auth: auth(f) } : {}) };
    }
    return commandOf(f, "mcp");
  },
  http: (f) => ({
    baseUrl: need(f["base-url"], "--base-url URL", "http"),
    auth: auth(f),
    actions: {
      [f.action ?? "get"]: {
        description: f.description ?? `${(f.method ?? "GET").toUpperCase()} ${f.path ?? "/"}`,
        method: (f.method ?? "GET").toUpperCase(),
        path: f.path ?? "/",
      },
    },
  }),
  cli: (f) => ({
    actions: {
      [f.action ?? "run"]: {
        description: f.description ?? `Runs ${f.command[0] ?? "the command"}.`,
        ...commandOf(f, "cli"),
      },
    },
  }),
};

/** The unit file's text for `kind` and `id` from `flags`. */
export function unitFileText(kind: AddKind, id: string, flags: AddFlags, schemaRef: string): string {
  const frontmatter = {
    $schema: schemaRef,
    name: flags.name ?? id,
    description:
      flags.description ?? `The ${id} ${kind} unit. Say what it is for, for agents choosing a unit.`,
    [ADD_KINDS[kind]]: BLOCKS[kind](flags),
  };
  return `---\n${stringify(frontmatter, { lineWidth: 0 })}---\n\n# ${flags.name ?? id}\n\nWritten by \`unitc add ${kind}\`. This body is for people; agents never see it.\n`;
}
