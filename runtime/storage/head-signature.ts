/**
 * The published head's signature. The head names the bundle's index by its SHA-256, the index names
 * every chunk by its SHA-256, so signing the head authenticates every byte a replica loads. A
 * replica takes a head only when its signature verifies under the key the replica is configured
 * with; anyone who can write to storage but holds no signing key can move the head but not make a
 * replica load what it names.
 */

import type { CataloguedCode } from "../contract/codes/index.js";
import { canonicalJson } from "../shared/canonical.js";
import type { BundleHead } from "./bundles.js";
import type { SignatureAlg, Signer, Verifier } from "./publisher-key.js";

/** A head's signature: the algorithm, the key's id, and the signature (base64url). */
export interface HeadSignature {
  alg: SignatureAlg;
  keyId: string;
  value: string;
}

/** A head that is not signed, or whose signature does not verify: it is never served. */
export class HeadSignatureError extends Error {
  readonly code: CataloguedCode<"PUBLISHED_HEAD_UNVERIFIED"> = "PUBLISHED_HEAD_UNVERIFIED";
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** The bytes signed: a domain label, then the head's fields (all but the signature) as canonical JSON. */
function signedBytes(head: BundleHead, alg: SignatureAlg): Uint8Array {
  const { signature: _signature, ...fields } = head;
  return new TextEncoder().encode(`unitc published head v1\n${canonicalJson({ ...fields, alg })}`);
}

/** `head` with its signature by `signer`. */
export function signHead(head: BundleHead, signer: Signer): BundleHead {
  const { signature: _old, ...fields } = head;
  const value = signer.sign(signedBytes(fields, signer.alg));
  return { ...fields, signature: { alg: signer.alg, keyId: signer.keyId, value } };
}

const keyName = (alg: SignatureAlg, keyId: string) =>
  alg === "ed25519" ? `publisher key ${keyId}` : `the vault-derived publishing key ${keyId}`;

/** Throws {@link HeadSignatureError} unless `head` carries a signature that `verifier` accepts. */
export function checkHeadSignature(head: BundleHead, verifier: Verifier): void {
  const signature = head.signature;
  const expected = keyName(verifier.alg, verifier.keyId);
  const again = `run unitc publish again with ${verifier.alg === "ed25519" ? "the publisher key (storage.publishKey)" : "the replicas' vaultKey"}`;
  if (!signature || typeof signature.value !== "string" || typeof signature.alg !== "string") {
    throw new HeadSignatureError(
      `the published head (bundle ${head.digest}) carries no signature: it was published before heads were signed, or written by someone without the publishing key`,
      again,
    );
  }
  if (signature.alg !== verifier.alg || signature.keyId !== verifier.keyId) {
    const by = keyName(signature.alg, String(signature.keyId));
    throw new HeadSignatureError(
      `the published head (bundle ${head.digest}) is signed by ${by}, and this replica takes only heads signed by ${expected}`,
      verifier.alg === "ed25519"
        ? `${again}, or set storage.publisherPublicKey to the public half of the key that publishes`
        : `${again}, or set storage.publisherPublicKey on the replicas when publishing with a publisher key`,
    );
  }
  let good = false;
  try {
    good = verifier.verify(signedBytes(head, signature.alg), signature.value);
  } catch {
    good = false;
  }
  if (!good)
    throw new HeadSignatureError(
      `the published head (bundle ${head.digest}) has a signature that does not verify with ${expected}`,
      again,
    );
}

/** Whether `head` verifies under `verifier` (a publish of the same bundle re-signs one that does not). */
export function headVerifies(head: BundleHead, verifier: Verifier): boolean {
  try {
    checkHeadSignature(head, verifier);
    return true;
  } catch {
    return false;
  }
}
