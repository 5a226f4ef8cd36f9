/**
 * `startServing`: everything between resolved settings and a served bundle, in one place for the CLI
 * (`unitc serve`, `unitc dev`), agent code and tests. It opens a published store when asked, creates
 * the host, resolves the HTTP bearer token, reads the scoped serve tokens and starts the transport;
 * the caller prints what the handle says and closes it when done.
 */
import { dirname } from "node:path";
import type { Writable } from "node:stream";
import type { LazyStorage } from "../../calls/runtime-storage.js";
import { hasCodeMode, type Manifest } from "../../contract/manifest.js";
import type { RuntimeServices } from "../../invoke/shared/services.js";
import { exportWhileServing } from "../../observe/serve-export.js";
import { resolveReference } from "../../shared/references.js";
import type { UserServingSettings } from "../../shared/user-settings.js";
import type { OpenedStorage } from "../../storage/configured.js";
import { type ServeAudit, startAudit } from "../audit/start-audit.js";
import type { ServeTokens } from "../auth/serve-tokens.js";
import { resolveServeToken } from "../auth/token.js";
import { createServeHost, type ServeHost, type ServeHostOptions } from "../host/host.js";
import type { ReadinessChecks } from "../http/health.js";
import { startTypeCheckerEarly } from "../sessions/code-mode.js";
import { operatorRoot } from "../sessions/project-binding.js";
import { ServeSetupError } from "../shared/setup-error.js";
import { serveStdio } from "../stdio/stdio.js";
import { localReadiness, openPublished, type PublishedServing } from "./published.js";
import { checked, emptyManifest, type ServeSettings } from "./settings.js";

/** What to serve and how; `settings` come from `serveSettings`. */
export interface StartServingOptions {
  settings: ServeSettings;
  /**
   * What the served runtimes reach the outside through, passed to the host whole; `vault` and `oauth`
   * default to `storage`'s, `env` (where the serve's own references resolve too) to `process.env`.
   */
  services: RuntimeServices;
  /** The folder `projectRoot` is relative to. */
  cwd: string;
  /** The configured store: the vault, OAuth tokens and scoped serve tokens read it, opened at first use. */
  storage: LazyStorage;
  /** Serve the bundle last published to the store this opens (at start), following new ones. */
  published?: () => Promise<OpenedStorage>;
  /** The bundle's manifest, when not `settings.manifestPath` (`unitc dev` serves its output folder's). */
  manifestPath?: string;
  /** Served until the first reload when the bundle folder holds none yet. */
  manifest?: Manifest;
  /** The operator's project root as given (`--project-root`, relative to `cwd`). */
  projectRoot?: string;
  /** The user's own units, already compiled into a bundle of their own. */
  userManifestPath?: string;
  /** The user config's `options.exposure` and search limits. */
  user?: UserServingSettings;
  /** HTTP without sessions, so any replica answers any request. */
  stateless?: boolean;
  /** Where stdio serving writes JSON-RPC (nothing else goes there). */
  stdout?: Writable;
  version: string;
  log: (line: string) => void;
  /** Called with the host as soon as it exists (`unitc dev` swaps builds into it). */
  onHost?: (host: ServeHost) => void;
}

/** How HTTP serving listens and whom it lets in, for the caller to print. */
export interface HttpServingInfo {
  /** `http://host:port/path` as bound. */
  url: string;
  /** The canonical URI OAuth tokens are checked against. */
  resource: string;
  /** Where the operators' bearer token came from (a reference or the state file); none without authentication. */
  tokenSource?: string;
  /** Scoped serve tokens from storage are accepted. */
  scopedTokens: boolean;
  /** OAuth access tokens from this issuer are accepted. */
  oauthIssuer?: string;
  stateless: boolean;
}

/** A started serve. */
export interface ServingHandle {
  host: ServeHost;
  transport: "stdio" | "http";
  /** Set for HTTP serving. */
  http?: HttpServingInfo;
  /** Resolves when the transport ends by itself (stdio: the client closed it); HTTP never does. */
  closed: Promise<void>;
  /** Stops the transport, the host and a published store; `storage` stays its owner's to close. */
  close(): Promise<void>;
}

function upstreamOptions(settings: ServeSettings, env: Record<string, string | undefined>) {
  if (!settings.upstreamUrl) return undefined;
  const reference = settings.upstreamTokenReference;
  let token: string | undefined;
  if (reference) {
    try {
      token = resolveReference(reference, env);
    } catch {
      throw new ServeSetupError(
        "MISSING_ENV",
        `the upstream token reference ${reference} names an unset variable`,
        "set it, or leave --upstream-token out",
      );
    }
  }
  return { url: settings.upstreamUrl, ...(token ? { token } : {}) };
}

/** The scoped serve tokens in storage; without a store to read, only the admin token is accepted. */
async function openServeTokens(storage: LazyStorage, log: (line: string) => void) {
  try {
    const [{ store, key }, { ServeTokens }] = await Promise.all([
      storage.opened(),
      import("../auth/serve-tokens.js"),
    ]);
    return await ServeTokens.open(store, key, { log });
  } catch (error) {
    log(`warning: scoped serve tokens are not accepted: ${(error as Error).message}`);
    return undefined;
  }
}

/** Starts HTTP serving of `host`; the handle's transport part. */
async function startHttp(
  host: ServeHost,
  options: StartServingOptions,
  env: Record<string, string | undefined>,
  readiness: ReadinessChecks,
) {
  const { settings, log } = options;
  const token = settings.allowUnauthenticatedHttp
    ? undefined
    : checked(
        settings.tokenReference !== undefined,
        () =>
          resolveServeToken({
            ...(settings.tokenReference ? { reference: settings.tokenReference } : {}),
            env,
            statePath: settings.remoteStatePath,
            log,
          }),
        ["TOKEN_NOT_A_REFERENCE"],
      );
  // Loaded on demand: stdio serving needs none of the HTTP machinery.
  const { serveHttp } = await import("../http/serve.js");
  // Without authentication a scoped token would limit nobody: anyone may call as anonymous.
  const tokens: ServeTokens | undefined = token ? await openServeTokens(options.storage, log) : undefined;
  const stateless = options.stateless === true;
  try {
    const serving = await serveHttp(host, {
      ...(tokens ? { tokens } : {}),
      limits: settings.limits,
      host: settings.host,
      port: settings.port,
      path: settings.path,
      token: token?.token,
      publicOrigins: settings.publicOrigins,
      trustProxy: settings.trustProxy,
      version: options.version,
      ...(settings.oauth ? { oauth: settings.oauth } : {}),
      stateless,
      readiness,
      log,
    });
    const http: HttpServingInfo = {
      url: serving.url,
      resource: serving.resource,
      ...(token ? { tokenSource: token.source } : {}),
      scopedTokens: tokens !== undefined,
      ...(settings.oauth ? { oauthIssuer: settings.oauth.issuer } : {}),
      stateless,
    };
    const close = async () => {
      await serving.close();
      await tokens?.close();
    };
    return { http, closed: new Promise<void>(() => undefined), close };
  } catch (error) {
    await tokens?.close();
    throw error;
  }
}

/** Starts stdio serving of `host` on `options.stdout`. */
async function startStdio(host: ServeHost, options: StartServingOptions) {
  if (!options.stdout) throw new Error("stdio serving needs options.stdout");
  const serving = await serveStdio(host, { stdout: options.stdout, version: options.version });
  return { closed: serving.closed, close: () => serving.close() };
}

/** What the host serves first: the published bundle (none yet: an empty one), or the local one. */
function bundleToServe(options: StartServingOptions, published: PublishedServing | undefined) {
  return published
    ? published.manifestPath
      ? { manifestPath: published.manifestPath }
      : { manifest: emptyManifest() }
    : {
        manifestPath: options.manifestPath ?? options.settings.manifestPath,
        ...(options.manifest ? { manifest: options.manifest } : {}),
      };
}

/** The host's options: the bundle, the services and what the settings and the caller add to them. */
function hostOptions(
  options: StartServingOptions,
  bundle: ReturnType<typeof bundleToServe>,
  projectRoot: string | undefined,
  services: RuntimeServices,
  upstream: ReturnType<typeof upstreamOptions>,
): ServeHostOptions {
  const { settings, log } = options;
  return {
    ...bundle,
    ...(projectRoot !== undefined ? { projectRoot } : {}),
    ...services,
    ...(upstream ? { upstream } : {}),
    ...(settings.aliases ? { aliases: settings.aliases } : {}),
    ...(options.userManifestPath ? { userManifestPath: options.userManifestPath } : {}),
    ...(options.user ? { user: options.user } : {}),
    ...(settings.confirm ? { confirm: settings.confirm } : {}),
    log,
  };
}

/** The transport's part of the handle; closing it closes the rest of what serving opened, in order. */
function servingHandle(
  host: ServeHost,
  options: StartServingOptions,
  transport: { http?: HttpServingInfo; closed: Promise<void>; close(): Promise<void> },
  opened: {
    audit: ServeAudit | undefined;
    published: PublishedServing | undefined;
    stopExport: () => Promise<void>;
  },
): ServingHandle {
  const { audit, published, stopExport } = opened;
  return {
    host,
    transport: options.settings.transport,
    ...(transport.http ? { http: transport.http } : {}),
    closed: transport.closed,
    async close() {
      try {
        await transport.close();
      } finally {
        await audit?.close();
        await published?.close();
        await host.close();
        await stopExport();
      }
    },
  };
}

/**
 * Serves a bundle as `options` say, over stdio or HTTP; throws {@link ServeSetupError} (or a
 * `UnitError`) when it cannot start, having closed what it opened.
 */
export async function startServing(options: StartServingOptions): Promise<ServingHandle> {
  const { settings, log } = options;
  let host: ServeHost | undefined;
  let published: PublishedServing | undefined;
  let audit: ServeAudit | undefined;
  const env = options.services.env ?? process.env;
  const services = { vault: options.storage.vault, oauth: options.storage.oauth, ...options.services, env };
  const stopExport = await exportWhileServing(log);
  try {
    const upstream = upstreamOptions(settings, env);
    // A replica opens its store at start: the bundle it serves is in it.
    if (options.published) {
      published = await openPublished(options.published, env, log);
      options.storage.adopt(published.storage);
    }
    const bundle = bundleToServe(options, published);
    const projectRoot = operatorRoot(options.projectRoot, options.cwd);
    // The Code Mode type checker loads TypeScript on a thread of its own while the host reads the bundle.
    const stopChecker =
      "manifestPath" in bundle ? await startTypeCheckerEarly(dirname(bundle.manifestPath)) : undefined;
    host = createServeHost(hostOptions(options, bundle, projectRoot, services, upstream));
    if (!host.manifest.units.some((unit) => hasCodeMode(unit.exposure))) stopChecker?.();
    options.onHost?.(host);
    audit = startAudit(host, options.storage, settings.audit, log);
    published?.follow(host);
    const readiness = published?.readiness ?? localReadiness(host, options.storage);
    const transport =
      settings.transport === "http"
        ? await startHttp(host, options, env, readiness)
        : await startStdio(host, options);
    return servingHandle(host, options, transport, { audit, published, stopExport });
  } catch (error) {
    await audit?.close();
    await published?.close();
    await host?.close();
    await stopExport();
    throw error;
  }
}
