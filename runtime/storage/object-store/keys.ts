/**
 * Where records live in the bucket: `<path>/records/<namespace>/<name>`, leases under `leases/`, and
 * the start-up probe under `probe/`. A namespace may hold `/`, so it is percent-encoded into one
 * segment; names keep their `/` and list by prefix as they are.
 */
import { StoreError, type StoreKey } from "../types.js";

const SEGMENT = /^[A-Za-z0-9._:@-]+$/;

/** Checks a store key against the rules every provider shares. */
export function checkKey(key: StoreKey): void {
  for (const [what, text] of [
    ["namespace", key.namespace],
    ["name", key.name],
  ] as const) {
    const segments = text.split("/");
    if (
      text.length < 1 ||
      text.length > 200 ||
      segments.some((s) => !SEGMENT.test(s) || s === "." || s === "..")
    ) {
      throw new StoreError(
        "STORAGE_BAD_KEY",
        `record ${what} ${JSON.stringify(text.slice(0, 60))} is not allowed`,
        "use 1-200 characters of letters, digits and . _ : @ -, with / between segments",
      );
    }
  }
}

/** Object keys under one root (the configured `path`, or the bucket's top). */
export class ObjectKeys {
  private readonly root: string;
  constructor(path: string | undefined) {
    const trimmed = (path ?? "").replace(/^\/+|\/+$/g, "");
    this.root = trimmed === "" ? "" : `${trimmed}/`;
  }
  namespacePrefix(namespace: string): string {
    return `${this.root}records/${encodeURIComponent(namespace)}/`;
  }
  record(key: StoreKey): string {
    checkKey(key);
    return `${this.namespacePrefix(key.namespace)}${key.name}`;
  }
  nameOf(namespace: string, objectKey: string): string {
    return objectKey.slice(this.namespacePrefix(namespace).length);
  }
  lease(name: string): string {
    checkKey({ namespace: "leases", name });
    return `${this.root}leases/${name}`;
  }
  probe(id: string): string {
    return `${this.root}probe/${id}`;
  }
}
