/**
 * Checks every HTTP request makes before the body is read: `Host` and `Origin` against loopback plus
 * `publicOrigins` (DNS rebinding; an empty allowlist still allows only loopback), `X-Forwarded-Host`
 * only with `trustProxy`; and how a request that is not authenticated is answered (who is
 * authenticated is `authenticate.ts`'s).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import * as ipaddrModule from "ipaddr.js";

// ipaddr.js is CommonJS: Node hands its exports to an ES module as `default`.
const ipaddr = (ipaddrModule as unknown as { default: typeof ipaddrModule }).default;

export interface GuardOptions {
  /** The admin token clients may send; undefined when unauthenticated serving was allowed. */
  token?: string;
  /** Public origins such as `https://units.example.com` (scheme, host and port). */
  publicOrigins: readonly string[];
  /** The address the server is bound to; a specific one is an allowed host too. */
  bindHost: string;
  trustProxy: boolean;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const WILDCARD = new Set(["0.0.0.0", "::", "[::]", ""]);

/**
 * True for the exact forms of an address only this machine can reach: `localhost`, a dotted-quad
 * IPv4 literal in 127.0.0.0/8, and `::1` (bracketed or not). A name that merely starts with `127.`
 * (`127.0.0.1.evil.example`) is a DNS name anyone can point anywhere.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  if (name === "localhost") return true;
  if (ipaddr.IPv4.isValidFourPartDecimal(name)) return ipaddr.IPv4.parse(name).range() === "loopback";
  const bare = name.startsWith("[") && name.endsWith("]") ? name.slice(1, -1) : name;
  return ipaddr.IPv6.isValid(bare) && ipaddr.IPv6.parse(bare).range() === "loopback";
}

/**
 * The hostname a `Host` header names. The header is `host[:port]` and nothing else: userinfo, a
 * path or a fragment (`evil.example@127.0.0.1`) would make the URL parser read another host.
 */
function hostnameOf(host: string): string | undefined {
  if (host === "" || /[@/\\?#\s]/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The hostnames a `Host` header may name. */
export function allowedHostnames(options: GuardOptions): Set<string> {
  const names = new Set(LOOPBACK);
  for (const origin of options.publicOrigins) {
    const name = hostnameOf(new URL(origin).host);
    if (name) names.add(name);
  }
  const bind =
    options.bindHost.includes(":") && !options.bindHost.startsWith("[")
      ? `[${options.bindHost}]`
      : options.bindHost;
  if (!WILDCARD.has(options.bindHost)) names.add(bind.toLowerCase());
  return names;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.split(",")[0]?.trim() || undefined;
}

/** Why `Host` or `Origin` is refused, or undefined when both may pass. */
export function hostOrOriginProblem(
  req: IncomingMessage,
  options: GuardOptions,
  allowed: Set<string>,
): string | undefined {
  const forwarded = options.trustProxy ? firstHeader(req.headers["x-forwarded-host"]) : undefined;
  const host = forwarded ?? req.headers.host;
  const hostname = host ? hostnameOf(host) : undefined;
  if (!hostname || !allowed.has(hostname)) return `host ${JSON.stringify(host ?? "")} is not allowed`;
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return `origin ${JSON.stringify(origin)} is not allowed`;
  }
  // An Origin header is a serialised origin (scheme://host[:port]), exactly as browsers send it.
  if (parsed.origin !== origin) return `origin ${JSON.stringify(origin)} is not allowed`;
  if (isLoopbackHost(parsed.hostname) && (parsed.protocol === "http:" || parsed.protocol === "https:"))
    return undefined;
  if (options.publicOrigins.some((o) => new URL(o).origin === parsed.origin)) return undefined;
  return `origin ${JSON.stringify(origin)} is not allowed`;
}

/** Answers with a JSON-RPC error body (id null) and `status`; `unitcCode` goes in the error's data. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  unitcCode?: string,
): void {
  const error = { code, message, ...(unitcCode ? { data: { code: unitcCode } } : {}) };
  const body = JSON.stringify({ jsonrpc: "2.0", error, id: null });
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}
