/** The little of `oidc-provider` the tests use (the package ships no type declarations). */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Token {
    isExpired: boolean;
    destroy(): Promise<void>;
  }
  interface TokenModel {
    find(value: string): Promise<Token | undefined>;
  }
  interface GrantContext {
    oidc: { params?: Record<string, unknown> };
    headers: Record<string, string | undefined>;
  }

  interface KoaContext {
    path: string;
    method: string;
    /** Settable before `next()`: the provider then reads the changed parameters. */
    query: Record<string, unknown>;
    /** Set on the provider's own routes; `body` is the parsed form of a POST. */
    oidc?: { body?: Record<string, unknown> };
    body: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    AccessToken: TokenModel;
    ClientCredentials: TokenModel;
    RefreshToken: TokenModel;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    /** Koa middleware around every request (code after `next()` sees the response body). */
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    on(event: "grant.success", listener: (ctx: GrantContext) => void): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
