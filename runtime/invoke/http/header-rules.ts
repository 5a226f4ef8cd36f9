/**
 * Which header names a unit may configure, and which carry credentials. One set of rules for the
 * runtime, which refuses a bad name when it builds a request, and for validation, which refuses it
 * first with the file and line.
 */

/** Names that would change where or how a request is framed; the HTTP client sets them itself. */
export const FORBIDDEN_HEADERS: readonly string[] = [
  "Host",
  "Content-Length",
  "Transfer-Encoding",
  "Connection",
];

const FORBIDDEN = new Set(FORBIDDEN_HEADERS.map((name) => name.toLowerCase()));
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** What is wrong with a configured header name: not an HTTP token, a forbidden name, or nothing. */
export function headerNameProblem(name: string): "invalid" | "forbidden" | undefined {
  if (!TOKEN.test(name)) return "invalid";
  return FORBIDDEN.has(name.toLowerCase()) ? "forbidden" : undefined;
}

/** The forbidden names for a hint: `Host, Content-Length, Transfer-Encoding or Connection`. */
export function forbiddenHeaderList(joiner: "or" | "and"): string {
  return `${FORBIDDEN_HEADERS.slice(0, -1).join(", ")} ${joiner} ${FORBIDDEN_HEADERS.at(-1)}`;
}

const CREDENTIAL_NAMES = new Set(["authorization", "proxy-authorization", "cookie"]);
// `X-Api-Key`, `Api-Key`, `X-ApiKey`, `X-Auth-Token`, `Private-Token`, `X-Client-Secret`, `X-Password`.
const CREDENTIAL_ENDING = /(?:^|[-_])(?:api[-_]?key|token|secret|password)$/i;

/**
 * True when a header of this name carries a credential, so its configured value must be a secret
 * reference (`env:NAME`, `${NAME}`, `$env:NAME`), resolved when the request is sent and redacted.
 */
export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_NAMES.has(name.toLowerCase()) || CREDENTIAL_ENDING.test(name);
}
