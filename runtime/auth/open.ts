/**
 * The token store a runtime or the `unitc auth` commands use when none is given: the filesystem store
 * in the data folder (`$XDG_DATA_HOME/unitc`), sealed with the vault key there (made on first use).
 */

import { unitcDir } from "../shared/user-dirs.js";
import { openFilesystemStore } from "../storage/filesystem/store.js";
import { resolveVaultKey } from "../storage/vault-key.js";
import { TokenStore } from "./token-store.js";
import { OAuthTokens } from "./tokens.js";

/** How often the store is polled for changes (the storage default); tokens are re-read on every call anyway. */
const POLL_INTERVAL_MS = 1000;

/** Opens the default token store for `env`. */
export async function openTokenStore(env: Record<string, string | undefined>): Promise<TokenStore> {
  const dataDir = unitcDir("data", env);
  const store = await openFilesystemStore(dataDir, POLL_INTERVAL_MS);
  const key = await resolveVaultKey({ provider: "filesystem", env, dataDir });
  return new TokenStore(store, key);
}

const opened = new Map<string, Promise<OAuthTokens>>();

/** The process's token source for `env` (one per data folder), opened on first use. */
export function defaultTokenSource(
  env: Record<string, string | undefined>,
  fetchImpl?: typeof fetch,
): Promise<OAuthTokens> {
  const id = unitcDir("data", env);
  let source = opened.get(id);
  if (!source) {
    source = openTokenStore(env).then((tokens) => new OAuthTokens(tokens, env, fetchImpl));
    opened.set(id, source);
    source.catch(() => opened.delete(id));
  }
  return source;
}
