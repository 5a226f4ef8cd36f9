/** Key checks and versions shared by every provider. */
import { randomBytes } from "node:crypto";
import { StoreError, type StoreKey } from "./types.js";

const SEGMENT = /^[A-Za-z0-9._:@-]+$/;

/** Throws STORAGE_BAD_KEY unless `part` is a well-formed namespace or name. */
export function checkKeyPart(part: string, what: "namespace" | "name" | "prefix"): void {
  const bad = (why: string): never => {
    throw new StoreError(
      "STORAGE_BAD_KEY",
      `bad ${what} ${JSON.stringify(part.slice(0, 60))}: ${why}`,
      "use 1–200 characters of A-Z a-z 0-9 . _ : @ - with / between segments",
    );
  };
  if (what === "prefix" && part === "") return;
  if (part.length < 1 || part.length > 200) bad("length must be 1–200");
  const segments = part.split("/");
  // A prefix may end with "/" (every name under a folder) or in the middle of a segment.
  const checked = what === "prefix" && segments.at(-1) === "" ? segments.slice(0, -1) : segments;
  for (const segment of checked) {
    if (!SEGMENT.test(segment)) bad("a segment is empty or has a character outside the allowed set");
    if (segment === "." || segment === "..") bad("'.' and '..' are not allowed as segments");
  }
}

/** Throws STORAGE_BAD_KEY unless both parts of `key` are well formed. */
export function checkKey(key: StoreKey): void {
  checkKeyPart(key.namespace, "namespace");
  checkKeyPart(key.name, "name");
}

/** A fresh opaque version token. */
export function newVersion(): string {
  return randomBytes(12).toString("base64url");
}

/** The namespace leases live in, for providers that keep leases as records. */
export const LEASE_NAMESPACE = "unitc.lease";
