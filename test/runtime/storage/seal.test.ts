import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { open, readHeader, seal, type VaultError, vaultKey } from "../../../runtime/storage/seal.js";

const key = vaultKey(randomBytes(32));
const other = vaultKey(randomBytes(32));
const record = { namespace: "vault", name: "api-token" };
const recordKeys = fc.record({
  namespace: fc.stringMatching(/^[a-z]{1,12}$/),
  name: fc.stringMatching(/^[A-Za-z0-9._:@-]{1,30}$/),
});

function failure(run: () => unknown): VaultError {
  try {
    run();
  } catch (error) {
    return error as VaultError;
  }
  throw new Error("expected the envelope not to open");
}

describe("seal and open", () => {
  it("names a key by the first 8 bytes of its sha256, in hex", () => {
    expect(key.id).toMatch(/^[0-9a-f]{16}$/);
    expect(vaultKey(Buffer.from(key.bytes)).id).toBe(key.id);
    expect(other.id).not.toBe(key.id);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(failure(() => vaultKey(randomBytes(16))).code).toBe("VAULT_BAD_KEY");
  });

  it("round-trips any bytes for any record (property)", () => {
    fc.assert(
      fc.property(recordKeys, fc.uint8Array({ maxLength: 512 }), fc.nat(), (at, plaintext, generation) => {
        const sealed = seal(key, at, generation, plaintext);
        expect(Buffer.from(open(key, at, sealed))).toEqual(Buffer.from(plaintext));
        expect(readHeader(sealed, at)).toEqual({ keyId: key.id, generation: generation >>> 0 });
      }),
    );
  });

  it("uses a fresh nonce: the same plaintext seals differently each time", () => {
    const a = seal(key, record, 1, Buffer.from("same"));
    const b = seal(key, record, 1, Buffer.from("same"));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it("fails to open when any byte is flipped (property)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (plaintext, at, xor) => {
          const sealed = seal(key, record, 1, plaintext);
          const index = at % sealed.length;
          sealed[index] = (sealed[index] as number) ^ xor;
          expect(() => open(key, record, sealed)).toThrow();
        },
      ),
    );
  });

  it("fails to open a ciphertext moved to another record (property)", () => {
    fc.assert(
      fc.property(recordKeys, recordKeys, fc.uint8Array({ maxLength: 64 }), (from, to, plaintext) => {
        fc.pre(from.namespace !== to.namespace || from.name !== to.name);
        const error = failure(() => open(key, to, seal(key, from, 1, plaintext)));
        expect(error.code).toBe("VAULT_CORRUPT");
        expect(error.message).toContain("altered or moved");
      }),
    );
  });

  it("reports another key as a wrong key with both ids, never as corrupt data", () => {
    const error = failure(() => open(other, record, seal(key, record, 1, Buffer.from("secret"))));
    expect(error.code).toBe("VAULT_WRONG_KEY");
    expect(error.message).toContain(`wrong key (id ${other.id}`);
    expect(error.message).toContain(key.id);
    expect(error.message).not.toMatch(/corrupt|altered/);
  });

  it("says plainly when the bytes are no sealed record at all", () => {
    expect(failure(() => open(key, record, Buffer.from("plain text, not sealed"))).message).toContain(
      "is not a sealed vault record",
    );
  });
});
