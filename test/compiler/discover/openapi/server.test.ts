/** The base URL of an OpenAPI unit: configured, or the spec's first server, never a fetched spec's choice for credentials. */
import { describe, expect, it } from "vitest";
import { apiBaseUrl } from "../../../../compiler/discover/openapi/server.js";

const AUTH = { type: "bearer", token: "env:T" };
const spec = (url: string) => ({ servers: [{ url }] });
const REMOTE = "https://specs.example.test/openapi.json";
const LOCAL = "/work/project/.units/openapi.json";

describe("apiBaseUrl", () => {
  it.each([
    [
      "the unit's baseUrl wins",
      { baseUrl: "https://api.test", auth: AUTH },
      spec("https://x.test"),
      REMOTE,
      "https://api.test",
    ],
    [
      "a local spec's server, with auth",
      { auth: AUTH },
      spec("https://x.test/v1"),
      LOCAL,
      "https://x.test/v1",
    ],
    [
      "a fetched spec's server, without auth",
      { auth: { type: "none" } },
      spec("/v1"),
      REMOTE,
      "https://specs.example.test/v1",
    ],
    ["a fetched spec's server, no auth field", {}, spec("https://x.test"), REMOTE, "https://x.test"],
  ])("%s", (_name, backend, given, location, want) => {
    expect(apiBaseUrl(backend, given, location)).toEqual({ baseUrl: want });
  });

  it.each([
    ["another host", spec("https://elsewhere.test")],
    ["its own host, by a relative URL", spec("/api")],
  ])("refuses a fetched spec's server for a unit with auth: %s", (_name, given) => {
    const result = apiBaseUrl({ auth: AUTH }, given, REMOTE);
    expect(result).toEqual({
      problem: expect.stringMatching(
        /^the document fetched from https:\/\/specs\.example\.test\/openapi\.json names the API's server itself \(servers\[0\] is "https:\/\/.*"\); with auth configured, a fetched document must not decide where credentials go$/,
      ),
      hint: expect.stringMatching(/^set baseUrl on the unit to where the API is served/),
    });
  });
});
