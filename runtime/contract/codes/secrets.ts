/**
 * Runtime codes of what a call authenticates with: secret references (env:, file:, vault:) in the
 * unit and user config, and OAuth, both the logins unitc makes and the tokens `unitc serve` checks.
 */
import { type ErrorCodeEntry, entry } from "./entry.js";

/** The codes of secrets, references and OAuth. */
export const secretCodes = {
  MISSING_ENV: entry(
    "an environment variable a reference names is not set",
    "set the variable, or change the reference",
    "the notes unit's auth token is env:NOTES_TOKEN, and NOTES_TOKEN is not set",
  ),
  SECRET_UNAVAILABLE: entry(
    "a file: or vault: secret the unit refers to cannot be read",
    "set it with unitc secret set NAME, or fix the file's path and mode (owner-only)",
    "the weather unit's key is vault:WEATHER_KEY, and the vault cannot be opened",
  ),
  REFERENCE_LITERAL: entry(
    "a field that takes a secret holds a literal value instead of a reference",
    "write a reference such as env:NAME, file:/abs/path or vault:NAME (the message names the field)",
    "storage.connection is postgres://app:hunter2@db/units: write env:DATABASE_URL instead",
  ),
  REFERENCE_NOT_ALLOWED: entry(
    "a field takes references of another kind than the one written (for example vault: where only env: and file: work)",
    "write the reference kind the message shows",
    "storage.vaultKey is vault:KEY: the vault's own key takes env: or file: only",
  ),
  FILE_UNREADABLE: entry(
    "a file: reference names a file that cannot be read (missing, a folder, or not readable by this user)",
    "check the path the message names and that this user may read it",
    "file:/run/secrets/notes-token cannot be read: ENOENT",
  ),
  FILE_NOT_PRIVATE: entry(
    "a file: reference names a file other users can read or write",
    "make it owner-only: chmod 600 <file>",
    "file:/home/ana/.notes-token has mode 644: other users can read it",
  ),
  VAULT_UNAVAILABLE: entry(
    "a field names a vault: secret, and the user config sets no storage to hold the vault",
    "configure storage in the user config, then unitc secret set NAME",
    "the unit's token is vault:GITHUB_TOKEN, and the user config has no storage",
  ),
  VAULT_MISSING: entry(
    "a vault: secret the config names is not set",
    "run unitc secret set NAME",
    "vault:GITHUB_TOKEN is not set in the vault",
  ),
  AUTH_REQUIRED: entry(
    "the unit needs an OAuth login, or its stored token was issued for another configuration",
    "run unitc auth login <unit>",
    "units.calendar.listEvents() → the calendar unit has no stored OAuth token",
  ),
  AUTH_FAILED: entry(
    "an OAuth exchange failed: the provider refused, or its answer did not check out",
    "read the message; check the unit's clientId, scopes and issuer, then log in again",
    "the token endpoint answered invalid_grant: the refresh token was revoked",
  ),
  AUTH_PKCE_UNSUPPORTED: entry(
    "a login was refused: the authorization server does not advertise PKCE S256 in code_challenge_methods_supported",
    "ask the provider to enable PKCE with S256, or set the unit's authorizationUrl and tokenUrl when its metadata is wrong",
    "unitc auth login legacy → https://id.example.com lists code_challenge_methods_supported: [plain]",
  ),
  OAUTH_TOKEN_INVALID: entry(
    "unitc serve refused an OAuth access token: not a JWT, or its signature, issuer, audience or time is wrong",
    "get a new token from the issuer for this server's resource URI (its protected-resource metadata names both)",
    "a request's bearer token expired at 2026-12-05T09:00:00Z (HTTP 401)",
  ),
  OAUTH_SCOPE_MISSING: entry(
    "unitc serve refused an OAuth access token that lacks a scope the server requires",
    "ask the issuer for a token with the scopes in the WWW-Authenticate challenge",
    "the token's scopes are units:read; the server requires units:call (HTTP 403)",
  ),
  OAUTH_ISSUER_UNAVAILABLE: entry(
    "unitc serve could not reach the OAuth issuer's metadata or keys to check a token",
    "check that --oauth-issuer is right and reachable (https, or http on loopback); clients may retry",
    "GET https://id.example.com/.well-known/jwks.json failed: getaddrinfo ENOTFOUND (HTTP 503)",
  ),
} satisfies Record<string, ErrorCodeEntry>;
