/**
 * The vault and the OAuth tokens `unitc run` and `unitc serve` read: the user config's store, opened
 * at the first read only, so a bundle with no `vault:` reference and no OAuth unit never loads or
 * touches storage (and serve starts without the storage drivers).
 */
import type { AccessTokenSource, OAuthTokens } from "../runtime/auth/tokens.js";
import type { SecretSource } from "../runtime/references.js";
import type { CliIO } from "./io.js";
import type { OpenedStorage } from "./storage-config.js";

/** The configured store's vault and token source, both opened lazily; `close` closes the store if opened. */
export interface LazyStorage {
  vault: SecretSource;
  oauth: AccessTokenSource;
  /**
   * Opens the store now and resolves its vault key (HTTP serving reads its serve tokens at start;
   * readiness checks both); rejects when either fails.
   */
  opened(): Promise<OpenedStorage>;
  /**
   * Uses a store already opened elsewhere (a `--published` replica opens it at start), so vault,
   * OAuth tokens and serve tokens share its one connection; its owner closes it.
   */
  adopt(storage: OpenedStorage): void;
  close(): Promise<void>;
}

/** The user config's store (named by `--user-config` `flag`), opened at the first vault or token read. */
export function lazyStorage(io: CliIO, flag: string | undefined): LazyStorage {
  let opened: Promise<OpenedStorage> | undefined;
  let owned = true;
  let tokens: Promise<OAuthTokens> | undefined;
  const storage = () => {
    opened ??= import("./storage-config.js").then((config) => config.openStorage(io, flag));
    return opened;
  };
  const oauthTokens = () => {
    tokens ??= (async () => {
      const [{ store, key }, { TokenStore }, { OAuthTokens }] = await Promise.all([
        storage(),
        import("../runtime/auth/token-store.js"),
        import("../runtime/auth/tokens.js"),
      ]);
      return new OAuthTokens(new TokenStore(store, key), io.env);
    })();
    return tokens;
  };
  return {
    vault: { get: async (name) => (await storage()).vault.get(name) },
    oauth: {
      accessToken: async (...args) => (await oauthTokens()).accessToken(...args),
      afterUnauthorized: async (...args) => (await oauthTokens()).afterUnauthorized(...args),
      tokenStore: async () => (await oauthTokens()).tokens,
    },
    opened: storage,
    adopt(existing) {
      opened = Promise.resolve(existing);
      owned = false;
    },
    async close() {
      if (opened && owned) await (await opened.catch(() => undefined))?.close();
    },
  };
}
