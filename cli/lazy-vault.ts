/**
 * The vault and the OAuth tokens `unitc run` and `unitc serve` read: the user config's store (named
 * by `--user-config`), opened by the runtime's lazy storage at the first read only.
 */
import { type LazyStorage, lazyStorage as runtimeLazyStorage } from "../runtime/calls/runtime-storage.js";
import type { CliIO } from "./io.js";

export type { LazyStorage } from "../runtime/calls/runtime-storage.js";

/** The user config's store (named by `--user-config` `flag`), opened at the first vault or token read. */
export function lazyStorage(io: CliIO, flag: string | undefined): LazyStorage {
  return runtimeLazyStorage(
    () => import("./storage-config.js").then((config) => config.openStorage(io, flag)),
    io.env,
  );
}
