/**
 * The checks of `unitc doctor`, each a named result with the command that fixes a failure: the
 * config, the bundle's freshness (as `compile --check`), OAuth logins, storage, and downstreams.
 * Verify items and runtime features come from `verify-units.ts`.
 */
import { existsSync } from "node:fs";
import { relative } from "node:path";
import { formatDiagnostics, hasErrors } from "../compiler/codes/diagnostics.js";
import { build } from "../compiler/index.js";
import type { PipelineContext } from "../compiler/pipeline.js";
import { authStatus } from "../runtime/auth/status.js";
import { TokenStore } from "../runtime/auth/token-store.js";
import { type Manifest, readManifest } from "../runtime/contract/manifest.js";
import { secretChecks } from "./doctor-secrets.js";
import type { CliIO } from "./io.js";
import { openStorage } from "./storage-config.js";

/** One line of the doctor's report. */
export interface DoctorCheck {
  check: string;
  ok: boolean;
  detail: string;
  /** The command (or edit) that fixes a failure. */
  fix?: string;
  /** The last lines a server that did not start wrote to stderr, bounded and redacted. */
  stderr?: string[];
}

/** The config loads and validates. */
export function configCheck(context: PipelineContext, cwd: string): DoctorCheck {
  if (!hasErrors(context.diagnostics)) {
    return { check: "config", ok: true, detail: `${context.resolved?.units.length ?? 0} units, valid` };
  }
  const errors = context.diagnostics.filter((d) => d.severity === "error");
  const text =
    formatDiagnostics(errors, (f) => relative(cwd, f) || f)
      .trimEnd()
      .split("\n")[0] ?? "";
  return {
    check: "config",
    ok: false,
    detail: `${errors.length} errors; first: ${text}`,
    fix: "unitc validate (then fix the files it names)",
  };
}

/** The bundle in `outDir` is what a compile would write now. */
export async function bundleCheck(
  options: Parameters<typeof build>[0],
  shownOut: string,
): Promise<DoctorCheck> {
  const fix = `unitc compile --out ${shownOut}`;
  if (!existsSync(`${options.outDir}/manifest.json`)) {
    return { check: "bundle", ok: false, detail: `no bundle in ${shownOut}`, fix };
  }
  const outcome = await build({ ...options, check: true });
  if (outcome.status === "up-to-date")
    return { check: "bundle", ok: true, detail: `${shownOut} is up to date` };
  if (outcome.status === "failed")
    return {
      check: "bundle",
      ok: false,
      detail: "the project does not compile",
      fix: "unitc compile (and fix what it reports)",
    };
  return {
    check: "bundle",
    ok: false,
    detail: `${shownOut} is stale (${outcome.differences.length} files differ)`,
    fix,
  };
}

/** Reads the bundle's manifest, or undefined when there is none to read. */
export function manifestOf(path: string): Manifest | undefined {
  try {
    return readManifest(path).manifest;
  } catch {
    return undefined;
  }
}

/** The store answers and takes a write; OAuth units have usable logins; units' secrets resolve. */
export async function storageChecks(
  io: CliIO,
  userConfig: string | undefined,
  manifest: Manifest | undefined,
): Promise<DoctorCheck[]> {
  let storage: Awaited<ReturnType<typeof openStorage>> | undefined;
  try {
    storage = await openStorage(io, userConfig);
    const key = { namespace: "unitc.probe", name: `doctor-${process.pid}` };
    const put = await storage.store.put(key, new Uint8Array([1]), { absent: true });
    await storage.store.delete(key);
    const checks: DoctorCheck[] = [
      put.ok
        ? { check: "storage", ok: true, detail: `${storage.store.provider} at ${storage.store.location}` }
        : {
            check: "storage",
            ok: false,
            detail: "a probe record could not be written",
            fix: "unitc storage status",
          },
    ];
    for (const status of manifest
      ? await authStatus(manifest.units, new TokenStore(storage.store, storage.key))
      : []) {
      const ok = status.state === "valid" || status.state === "refreshable";
      checks.push({
        check: `oauth ${status.unit}`,
        ok,
        detail: status.state,
        ...(ok ? {} : { fix: `unitc auth login ${status.unit}` }),
      });
    }
    checks.push(...(await secretChecks(manifest, io.env, storage.vault)));
    return checks;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: string }).code ?? "STORAGE_UNREACHABLE";
    return [
      {
        check: "storage",
        ok: false,
        detail: `${code} ${message}`,
        fix: "unitc storage status (and fix the user config's storage)",
      },
      ...(await secretChecks(manifest, io.env, undefined)),
    ];
  } finally {
    await storage?.close();
  }
}

function downstreamUrl(connection: Record<string, unknown>): string | undefined {
  for (const field of ["baseUrl", "endpointUrl", "url"]) {
    const value = connection[field];
    if (typeof value === "string" && /^https?:\/\//.test(value)) return value;
  }
  return undefined;
}

/** Each HTTP downstream answers at all (any status) within `timeoutMs`; all checked at once. */
export async function downstreamChecks(
  manifest: Manifest | undefined,
  timeoutMs: number,
): Promise<DoctorCheck[]> {
  const targets = (manifest?.units ?? []).flatMap((unit) => {
    const url = downstreamUrl(unit.connection as unknown as Record<string, unknown>);
    return url ? [{ unit: unit.id, url }] : [];
  });
  return Promise.all(
    targets.map(async ({ unit, url }): Promise<DoctorCheck> => {
      try {
        const response = await fetch(url, {
          method: "HEAD",
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        return {
          check: `reach ${unit}`,
          ok: true,
          detail: `${new URL(url).origin} answered ${response.status}`,
        };
      } catch (error) {
        const why =
          error instanceof Error && error.name === "TimeoutError"
            ? `no answer within ${timeoutMs} ms`
            : "unreachable";
        return {
          check: `reach ${unit}`,
          ok: false,
          detail: `${new URL(url).origin} ${why}`,
          fix: `start the service, or fix the unit's URL, then \`unitc compile\``,
        };
      }
    }),
  );
}
