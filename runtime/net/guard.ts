/**
 * The fetch every runtime request of a unit goes through: the host is resolved once, each address is
 * checked against the unit's outbound policy, and the connection is made to the checked address
 * (the lookup of an undici Agent), so a second DNS answer cannot switch it (DNS rebinding).
 * Redirects are followed by hand and every hop is checked again.
 */

import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { UnitError } from "../contract/errors.js";
import {
  ALLOW_VARIABLE,
  literalAddress,
  type OutboundPolicy,
  outboundPolicy,
  parseResolved,
  refusedRange,
} from "./address.js";
import { type Answer, type DirectInit, directRequest, singleRequest } from "./direct.js";

/** Resolves a hostname to its addresses (default: the system resolver, as connections use). */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** What the guard needs to know about a unit. */
export interface OutboundOptions {
  /** The unit's configured `baseUrl` / `url` / `endpointUrl`. */
  configuredUrl: string | undefined;
  /** A document fetched at build time chose `configuredUrl`: its address widens nothing. */
  fromDocument?: boolean | undefined;
  env: Record<string, string | undefined>;
  /** Replaces DNS (tests map a public-looking name to 127.0.0.1). */
  resolve?: Resolver | undefined;
  /** A process making one call (`unitc call`): node:http, a connection per request, no pool. */
  oneShot?: boolean | undefined;
}

const MAX_HOPS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type Dispatcher = import("undici").Agent;

/**
 * undici's Agent alone: its package entry also loads fetch, WebSocket, caches and mocks (over a
 * hundred CommonJS modules, most of a one-shot `unitc call`). The package has no exports map, and
 * its version is pinned, so the file path is stable.
 */
async function loadAgent(): Promise<typeof import("undici").Agent> {
  const loaded = (await import("undici/lib/dispatcher/agent.js" as string)) as {
    default: typeof import("undici").Agent;
  };
  return loaded.default;
}
const agents = new WeakMap<Resolver, Map<string, Dispatcher>>();

/** The error a refused address gets: which address, which name, and how to allow it. */
function refusal(url: URL, address: string, range: string, policy: OutboundPolicy): UnitError {
  const named = literalAddress(url.hostname) ? address : `${url.hostname} (resolved to ${address})`;
  const allow = `allow it with ${ALLOW_VARIABLE}=${address} (addresses or CIDRs, comma-separated) in the environment unitc runs in`;
  return new UnitError(
    "OUTBOUND_REFUSED",
    `refused a request to ${named}: a ${range} address, which this unit is not configured to reach`,
    {
      hint: policy.fromDocument
        ? `the unit's address came from its fetched spec, which does not choose non-public addresses: set baseUrl in the unit's config (${url.origin} if that is right), or ${allow}`
        : `put ${address} in the unit's baseUrl / url / endpointUrl, or ${allow}`,
    },
  );
}

/** The one address of `hostname` a connection may use, or the refusal of the first one found. */
async function pickAddress(url: URL, policy: OutboundPolicy, resolve: Resolver): Promise<LookupAddress> {
  const answers = await resolve(url.hostname);
  let refused: UnitError | undefined;
  for (const answer of answers) {
    const range = refusedRange(parseResolved(answer.address), policy);
    if (range === undefined) return answer;
    refused ??= refusal(url, answer.address, range, policy);
  }
  throw refused ?? new UnitError("HTTP_FAILED", `${url.hostname} did not resolve to any address`);
}

/** A socket `lookup` that answers only the address the policy allows (what the connection then uses). */
export type GuardedLookup = (
  hostname: string,
  options: { all?: boolean },
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

function lookupFor(policy: OutboundPolicy, resolve: Resolver): GuardedLookup {
  return (hostname, options, callback) => {
    const url = new URL(`http://${hostname.includes(":") ? `[${hostname}]` : hostname}`);
    pickAddress(url, policy, resolve).then(
      (picked) => (options.all ? callback(null, [picked]) : callback(null, picked.address, picked.family)),
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
}

/** An Agent whose connections go only to addresses the policy allows, pinned at connect time. */
async function agentFor(policy: OutboundPolicy, resolve: Resolver): Promise<Dispatcher> {
  let byPolicy = agents.get(resolve);
  if (!byPolicy) {
    byPolicy = new Map();
    agents.set(resolve, byPolicy);
  }
  const existing = byPolicy.get(policy.key);
  if (existing) return existing;
  // Loaded on the first outbound request only: most of serve's start never needs it.
  const Agent = await loadAgent();
  const agent = new Agent({ connect: { lookup: lookupFor(policy, resolve) as never } });
  byPolicy.set(policy.key, agent);
  return agent;
}

/** Host names each policy let through, so a unit's calls do not parse the same address every time. */
const passed = new WeakMap<OutboundPolicy, Set<string>>();
const MAX_PASSED = 256;

/** Throws `OUTBOUND_REFUSED` when `url` names a literal address the policy refuses. */
function checkLiteral(url: URL, policy: OutboundPolicy): void {
  let hosts = passed.get(policy);
  if (hosts?.has(url.hostname)) return;
  const literal = literalAddress(url.hostname);
  const range = literal ? refusedRange(literal, policy) : undefined;
  if (literal && range !== undefined) throw refusal(url, literal.toString(), range, policy);
  if (!hosts) {
    hosts = new Set();
    passed.set(policy, hosts);
  }
  if (hosts.size >= MAX_PASSED) hosts.clear();
  hosts.add(url.hostname);
}

/** The URL a unit is configured to reach: `baseUrl`, `endpointUrl` or `url`. */
export function configuredUrl(connection: object): string | undefined {
  const fields = connection as { baseUrl?: unknown; endpointUrl?: unknown; url?: unknown };
  const url = fields.baseUrl ?? fields.endpointUrl ?? fields.url;
  return typeof url === "string" ? url : undefined;
}

/** True when a document fetched at build time chose the unit's base URL (the manifest says so). */
export function urlFromDocument(connection: object): boolean {
  return (connection as { baseUrlFrom?: unknown }).baseUrlFrom === "fetched-document";
}

/** The refusal inside a failed fetch, so callers see `OUTBOUND_REFUSED` rather than "fetch failed". */
function unwrap(error: unknown): unknown {
  let cause = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    if (cause instanceof UnitError) return cause;
    cause = cause.cause;
  }
  return error;
}

/** What a `Request` given as fetch's input carries, as init fields. */
function requestInit(request: Request): RequestInit {
  return {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    redirect: request.redirect,
    ...(request.body ? { body: request.body, duplex: "half" } : {}),
  } as RequestInit;
}

/** Policies by configured URL and allow list: a unit's calls share one instead of parsing it each time. */
const policies = new Map<string, OutboundPolicy>();
const MAX_POLICIES = 256;

function policyOf(options: OutboundOptions): OutboundPolicy {
  const fromDocument = options.fromDocument === true;
  const key = `${options.configuredUrl ?? ""}\u0000${options.env[ALLOW_VARIABLE] ?? ""}\u0000${fromDocument}`;
  let policy = policies.get(key);
  if (!policy) {
    policy = outboundPolicy(options.configuredUrl, options.env, fromDocument);
    if (policies.size >= MAX_POLICIES) policies.clear();
    policies.set(key, policy);
  }
  return policy;
}

/**
 * A unit's requests sent straight on the pinned dispatcher (`direct.ts`), or for a one-shot process
 * on a node:http connection made through the same checking lookup, under the same policy as
 * {@link guardedFetch}; it follows no redirects (the invokers' `send` does, checking each hop here).
 */
export function guardedDirect(options: OutboundOptions): (url: URL, init: DirectInit) => Promise<Answer> {
  const policy = policyOf(options);
  const resolve = options.resolve ?? systemResolver;
  const lookup = options.oneShot ? lookupFor(policy, resolve) : undefined;
  return async (url, init) => {
    checkLiteral(url, policy);
    try {
      if (lookup) return await singleRequest(url, init, lookup as LookupFunction);
      return await directRequest(await agentFor(policy, resolve), url, init);
    } catch (error) {
      throw unwrap(error);
    }
  };
}

/** `base` guarded by the unit's outbound policy; redirects it would follow are followed hop by hop. */
export function guardedFetch(base: typeof fetch, options: OutboundOptions): typeof fetch {
  const policy = policyOf(options);
  const resolve = options.resolve ?? systemResolver;
  const lookup = lookupFor(policy, resolve);
  const once = async (url: URL, init: RequestInit | undefined): Promise<Response> => {
    checkLiteral(url, policy);
    const dispatcher = await agentFor(policy, resolve);
    try {
      // `dispatcher` pins fetch's connection; `lookup` does the same for the node:http transport (TRACE).
      return await base(url, { ...init, redirect: "manual", dispatcher, lookup } as RequestInit);
    } catch (error) {
      throw unwrap(error);
    }
  };
  return (async (input: string | URL | Request, init?: RequestInit) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    if (input instanceof Request) init = { ...requestInit(input), ...init };
    if (init?.redirect === "manual") return once(url, init);
    let options: RequestInit | undefined = init;
    for (let hop = 0; ; hop++) {
      const response = await once(url, options);
      const location = REDIRECTS.has(response.status) ? response.headers.get("location") : null;
      if (location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_HOPS || init?.redirect === "error") {
        throw new UnitError("HTTP_REDIRECT", `stopped a redirect to ${new URL(location, url).origin}`, {
          hint: "point the unit's URL at where the service lives",
        });
      }
      const next = new URL(location, url);
      // Credentials and bodies go only to the origin they were meant for.
      if (next.origin !== url.origin || response.status === 303) {
        options = { method: "GET", ...(init?.signal ? { signal: init.signal } : {}) };
      }
      url = next;
    }
  }) as typeof fetch;
}
