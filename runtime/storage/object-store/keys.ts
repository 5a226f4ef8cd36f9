/**
 * Where records live in the bucket: `<path>/records/<namespace>/<name>`, and the start-up probe
 * under `probe/`. A namespace may hold `/`, so it is percent-encoded into one segment; names keep
 * their `/` and list by prefix as they are. Keys arrive already checked by the engine.
 */
import type { StoreKey } from "../shared/types.js";

/** Object keys under one root (the configured `path`, or the bucket's top). */
export class ObjectKeys {
  /** The configured path with one trailing `/`, or "" for the bucket's top. */
  readonly root: string;
  constructor(path: string | undefined) {
    const trimmed = (path ?? "").replace(/^\/+|\/+$/g, "");
    this.root = trimmed === "" ? "" : `${trimmed}/`;
  }
  namespacePrefix(namespace: string): string {
    return `${this.root}records/${encodeURIComponent(namespace)}/`;
  }
  record(key: StoreKey): string {
    return `${this.namespacePrefix(key.namespace)}${key.name}`;
  }
  nameOf(namespace: string, objectKey: string): string {
    return objectKey.slice(this.namespacePrefix(namespace).length);
  }
  probe(id: string): string {
    return `${this.root}probe/${id}`;
  }
}
