/**
 * What a runtime reaches the outside through: the environment secret references resolve in, the
 * vault `vault:` references read, the source of OAuth access tokens, the fetch HTTP calls use and the
 * resolver of the outbound address guard. Whoever assembles a runtime (serving, agent code, tests)
 * passes them as one object, down through the serving host and its bundles to every call.
 */
import type { AccessTokenSource } from "../../auth/tokens.js";
import type { Resolver } from "../../net/guard.js";
import type { SecretSource } from "../../shared/references.js";

/** The services a runtime and its calls use; each has a default when left out. */
export interface RuntimeServices {
  /** Where secret references are resolved (default `process.env`). */
  env?: Record<string, string | undefined>;
  /**
   * Where `vault:NAME` references are read at call time. Default for a runtime: the storage its
   * `storage` or `userConfig` names (the user config's, as the CLI reads it), opened at the first such
   * reference; none for a call (such a reference then fails with `SECRET_UNAVAILABLE`).
   */
  vault?: SecretSource;
  /**
   * Where OAuth access tokens come from. Default: the storage `vault:` references are read from (when
   * no `vault` is given and storage is on), else the token store in the data folder.
   */
  oauth?: AccessTokenSource;
  /** The fetch HTTP calls use (default global fetch); tests never replace it with a mock. */
  fetch?: typeof fetch;
  /** Resolves hostnames for the outbound address guard (default: the system resolver). */
  resolve?: Resolver;
}

/** The services among `options` (and nothing else of them), to pass on whole. */
export function servicesOf(options: RuntimeServices): RuntimeServices {
  const { env, vault, oauth, fetch, resolve } = options;
  return {
    ...(env ? { env } : {}),
    ...(vault ? { vault } : {}),
    ...(oauth ? { oauth } : {}),
    ...(fetch ? { fetch } : {}),
    ...(resolve ? { resolve } : {}),
  };
}
