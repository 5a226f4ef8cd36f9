/**
 * A local serve adds the vault key to its readiness checks when the bundle names a `vault:` secret:
 * found by walking the manifest, with the same answers as searching its JSON text (a property test
 * over generated values), without writing out a large bundle's manifest at every start.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mentionsVault } from "../../../../runtime/serve/start/published.js";

const manifestLike = (token: unknown) => ({
  version: 1,
  units: [{ id: "github", auth: { kind: "bearer", token }, operations: [{ tsName: "repos_get" }] }],
});

describe("whether a manifest mentions a vault secret", () => {
  it("finds a vault: reference at any depth, as a value or a key, and not an env: one", () => {
    expect(mentionsVault(manifestLike("vault:GITHUB_TOKEN"))).toBe(true);
    expect(mentionsVault(manifestLike(["env:A", { nested: ["vault:B"] }]))).toBe(true);
    expect(mentionsVault({ headers: { "vault:KEY": "x" } })).toBe(true);
    expect(mentionsVault(manifestLike("env:GITHUB_TOKEN"))).toBe(false);
    expect(mentionsVault(manifestLike("see the vault: later"))).toBe(false);
  });

  it("answers as the manifest's JSON text does", () => {
    const text = fc.oneof(fc.string(), fc.constantFrom("vault:K", 'a "vault:K" b', "vault", "env:K"));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        text,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(text, tie("value"), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(mentionsVault(value)).toBe(JSON.stringify(value).includes('"vault:'));
      }),
      { numRuns: 500 },
    );
  });
});
