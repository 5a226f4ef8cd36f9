/**
 * The vault and the OAuth tokens a runtime reads: a configured store, opened at the first read only,
 * so a bundle with no `vault:` reference and no OAuth unit never loads or touches storage (and
 * `unitc serve` starts without the storage drivers). The CLI and `createUnits` both use it.
 */
import type { AccessTokenSource, OAuthTokens } from "../auth/tokens.js";
import { UnitError } from "../contract/errors.js";
import type { SecretSource } from "../shared/references.js";
import { configuredSettings, type OpenedStorage, type StorageSettings } from "../storage/configured.js";
import { type UserConfigSource, userStorageSettings } from "../storage/user-storage.js";

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

/**
 * The store `open` opens, opened at the first vault or token read; OAuth exchanges use `fetchImpl`
 * (default global fetch).
 */
export function lazyStorage(
  open: () => Promise<OpenedStorage>,
  env: Record<string, string | undefined>,
  fetchImpl?: typeof fetch,
): LazyStorage {
  let opened: Promise<OpenedStorage> | undefined;
  let owned = true;
  let tokens: Promise<OAuthTokens> | undefined;
  const storage = () => {
    opened ??= open();
    return opened;
  };
  const oauthTokens = () => {
    tokens ??= (async () => {
      const [{ store, key }, { TokenStore }, { OAuthTokens }] = await Promise.all([
        storage(),
        import("../auth/token-store.js"),
        import("../auth/tokens.js"),
      ]);
      return new OAuthTokens(new TokenStore(store, key), env, fetchImpl);
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

/** Where a runtime reads `vault:` references and OAuth tokens from, when it is given no vault. */
export interface RuntimeStorageOptions {
  /**
   * The storage settings (the user config's `storage` object; a relative path starts at the working
   * folder), or `false` for none: a `vault:` reference then fails with `SECRET_UNAVAILABLE`.
   * Default: the `storage` of the user config.
   */
  storage?: StorageSettings | false;
  /** The user config to take `storage` from: its path, or its content. Default: where unitc looks. */
  userConfig?: UserConfigSource;
}

/**
 * The storage a runtime with `options` opens at its first `vault:` reference or OAuth token, as the
 * CLI does; undefined when storage is switched off.
 */
export function runtimeStorage(
  options: RuntimeStorageOptions,
  env: Record<string, string | undefined>,
  fetchImpl?: typeof fetch,
): LazyStorage | undefined {
  const { storage, userConfig } = options;
  if (storage === false) return undefined;
  const settings = async () =>
    storage ? configuredSettings(storage, process.cwd()) : userStorageSettings(userConfig, env);
  const open = async () => {
    try {
      const { openConfiguredStorage } = await import("../storage/configured.js");
      return await openConfiguredStorage(await settings(), env);
    } catch (error) {
      throw unavailable(error);
    }
  };
  return lazyStorage(open, env, fetchImpl);
}

/**
 * A store, vault or config failure as the runtime's `STORAGE_UNAVAILABLE`, keeping its own code and
 * hint (a missing optional driver is already a runtime error, and stays one).
 */
function unavailable(error: unknown): unknown {
  if (error instanceof UnitError || !(error instanceof Error)) return error;
  const { code, hint } = error as { code?: unknown; hint?: unknown };
  if (typeof code !== "string") return error;
  return new UnitError("STORAGE_UNAVAILABLE", `storage cannot be opened: ${code} ${error.message}`, {
    ...(typeof hint === "string" ? { hint } : {}),
  });
}
