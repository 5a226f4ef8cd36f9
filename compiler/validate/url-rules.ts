/** URL rules for configured endpoints (spec Errors rule 5; no credentials, query or fragment in a base URL). */

/** Returns what is wrong with a configured URL, or undefined when it is acceptable. */
export function checkHttpUrl(value: string, kind: "base" | "url"): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not an absolute URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `uses the scheme "${url.protocol.slice(0, -1)}"; only http and https are allowed`;
  if (url.username !== "" || url.password !== "" || /^[a-z]+:\/\/[^/?#]*@/i.test(value)) {
    return "contains credentials before the host";
  }
  if (kind === "base") {
    if (url.search !== "" || value.includes("?")) return "contains a query";
    if (url.hash !== "" || value.includes("#")) return "contains a fragment";
  }
  return undefined;
}
