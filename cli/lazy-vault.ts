/**
 * The vault `unitc run` and `unitc serve` read `vault:NAME` references from: the user config's store,
 * opened at the first read only, so a bundle with no `vault:` reference never loads or touches
 * storage (and serve starts without the storage drivers).
 */
import type { SecretSource } from "../runtime/references.js";
import type { CliIO } from "./io.js";
import type { OpenedStorage } from "./storage-config.js";

/** A lazily opened vault; `close` closes the store if it was opened. */
export function lazyVault(io: CliIO, flag: string | undefined): SecretSource & { close(): Promise<void> } {
  let opened: Promise<OpenedStorage> | undefined;
  return {
    async get(name) {
      opened ??= import("./storage-config.js").then((storage) => storage.openStorage(io, flag));
      return (await opened).vault.get(name);
    },
    async close() {
      if (opened) await (await opened.catch(() => undefined))?.close();
    },
  };
}
