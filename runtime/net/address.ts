/**
 * Which addresses a unit's requests may reach: public unicast addresses always; a non-public range
 * (private, loopback, link-local, unique-local, CGNAT, multicast, unspecified, reserved, the IPv6
 * forms that carry an IPv4 address) only when the unit's configured URL names an address in that
 * range itself, or when `UNITC_OUTBOUND_ALLOW` lists the address (or a CIDR holding it). A base URL a
 * fetched document chose is not the operator's: it widens nothing.
 */
import * as ipaddrModule from "ipaddr.js";

// ipaddr.js is CommonJS: Node hands its exports to an ES module as `default`.
const ipaddr = (ipaddrModule as unknown as { default: typeof ipaddrModule }).default;

/** The environment variable listing addresses and CIDRs every unit may reach (comma-separated). */
export const ALLOW_VARIABLE = "UNITC_OUTBOUND_ALLOW";

type Address = ipaddrModule.IPv4 | ipaddrModule.IPv6;

/** What a unit may reach beyond the public internet. */
export interface OutboundPolicy {
  /** The ranges (ipaddr.js names) the configured URL itself targets. */
  ranges: ReadonlySet<string>;
  /** Addresses and CIDRs from `UNITC_OUTBOUND_ALLOW`. */
  allowed: readonly [Address, number][];
  /** A key naming the policy, for sharing connection pools between equal policies. */
  key: string;
  /** The unit's base URL came from a document fetched at build time (so a refusal says to set `baseUrl`). */
  fromDocument: boolean;
}

/** The address a URL hostname is written as (any IPv4 form the URL parser accepts), else undefined. */
export function literalAddress(hostname: string): Address | undefined {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  if (!ipaddr.isValid(bare)) return undefined;
  // ipaddr.js accepts shorthand IPv4 (`127.1`, `0x7f.1`) as the URL parser does; `process` also
  // turns an IPv4-mapped IPv6 address into the IPv4 address it carries.
  return ipaddr.process(bare);
}

/** The range name of an address: `unicast` is the public internet. */
export function rangeOf(address: Address): string {
  return address.range();
}

/**
 * The policy of a unit whose requests go to `configuredUrl`, with the allow list from `env`;
 * `fromDocument` when a fetched document, not the config, chose that URL.
 */
export function outboundPolicy(
  configuredUrl: string | undefined,
  env: Record<string, string | undefined>,
  fromDocument = false,
): OutboundPolicy {
  const ranges = new Set<string>();
  let hostname = "";
  try {
    hostname = configuredUrl && !fromDocument ? new URL(configuredUrl).hostname.toLowerCase() : "";
  } catch {
    // An unparsable URL fails later with its own error; it allows nothing here.
  }
  const literal = literalAddress(hostname);
  if (literal) ranges.add(rangeOf(literal));
  else if (hostname === "localhost" || hostname.endsWith(".localhost")) ranges.add("loopback");
  const allowed: [Address, number][] = [];
  for (const word of (env[ALLOW_VARIABLE] ?? "").split(",")) {
    const text = word.trim();
    if (text === "") continue;
    try {
      allowed.push(text.includes("/") ? ipaddr.parseCIDR(text) : whole(ipaddr.parse(text)));
    } catch {
      // A malformed entry allows nothing; the refusal's hint shows the form that works.
    }
  }
  const key = `${[...ranges].sort().join(",")}|${allowed.map(([a, n]) => `${a}/${n}`).join(",")}|${fromDocument}`;
  return { ranges, allowed, key, fromDocument };
}

function whole(address: Address): [Address, number] {
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

/** Undefined when the policy lets a request reach `address`, else the range that was refused. */
export function refusedRange(address: Address, policy: OutboundPolicy): string | undefined {
  const range = rangeOf(address);
  if (range === "unicast" || policy.ranges.has(range)) return undefined;
  for (const [network, bits] of policy.allowed) {
    if (network.kind() === address.kind() && address.match(network, bits)) return undefined;
  }
  return range;
}

/** Parses a resolved address (as DNS hands it back); IPv4-mapped IPv6 becomes IPv4. */
export function parseResolved(text: string): Address {
  return ipaddr.process(text);
}
