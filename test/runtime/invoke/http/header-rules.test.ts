/** The one set of header rules validation and the runtime share: forbidden names and credential names. */
import { describe, expect, it } from "vitest";
import { headerMapProblems } from "../../../../compiler/validate/http-rules.js";
import { FORBIDDEN_HEADERS, isCredentialHeader } from "../../../../runtime/invoke/http/header-rules.js";
import { checkHeaderName } from "../../../../runtime/invoke/http/request.js";

describe("forbidden header names", () => {
  it.each([...FORBIDDEN_HEADERS, "host", "CONNECTION", "Bad Name", "X:Y", ""])(
    "%j is refused by validation and by the runtime alike",
    (name) => {
      const [problem] = headerMapProblems({ [name]: "env:X" }, "secret");
      expect(problem?.code).toMatch(/^(FORBIDDEN_HEADER|INVALID_HEADER)$/);
      expect(() => checkHeaderName(name)).toThrow("cannot be configured");
    },
  );

  it.each(["Accept", "X-Team", "If-None-Match"])("%j passes both", (name) => {
    expect(headerMapProblems({ [name]: "env:X" }, "secret")).toEqual([]);
    expect(checkHeaderName(name)).toBe(name.toLowerCase());
  });
});

describe("isCredentialHeader", () => {
  it.each([
    "Authorization",
    "proxy-authorization",
    "Cookie",
    "X-Api-Key",
    "Api-Key",
    "X-ApiKey",
    "x_api_key",
    "X-Auth-Token",
    "Private-Token",
    "Token",
    "X-Client-Secret",
    "X-Password",
  ])("%s carries a credential", (name) => {
    expect(isCredentialHeader(name)).toBe(true);
  });

  it.each(["Accept", "Content-Type", "X-Request-Id", "Idempotency-Key", "X-Tokens-Used", "Secretary"])(
    "%s does not",
    (name) => {
      expect(isCredentialHeader(name)).toBe(false);
    },
  );
});
