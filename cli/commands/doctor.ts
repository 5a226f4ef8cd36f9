/**
 * `unitc doctor [--json]`: is this project ready to serve? The config, the bundle's freshness, verify
 * items and runtime features, OAuth logins, storage, and whether downstreams answer (each within the
 * completion discovery timeout). Exit 1 on any failure; every failure names the command that fixes it.
 */
import { relative, resolve } from "node:path";
import { defineCommand } from "citty";
import {
  bundleCheck,
  configCheck,
  type DoctorCheck,
  downstreamChecks,
  manifestOf,
  storageChecks,
} from "../doctor-checks.js";
import { bindingChecks, stdioMcpChecks } from "../doctor-mcp.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { projectArgs, projectOptions } from "../project-args.js";
import { projectUnits } from "../setup-units.js";
import { verifyUnits } from "../verify-units.js";

/** Verify items and features as doctor lines. */
async function verifyChecks(
  io: CliIO,
  units: Awaited<ReturnType<typeof projectUnits>>["units"],
): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const outcome of await verifyUnits(units, io.env)) {
    for (const r of outcome.results) {
      const why = r.error ?? `exit code ${r.exitCode}`;
      checks.push(
        r.ok
          ? { check: `verify ${outcome.unit}`, ok: true, detail: r.label }
          : {
              check: `verify ${outcome.unit}`,
              ok: false,
              detail: `${r.label}: ${why}`,
              fix: `unitc setup ${outcome.unit}`,
            },
      );
    }
    for (const f of outcome.features) {
      checks.push({
        check: `feature ${outcome.unit}`,
        ok: f.ok,
        detail: `${f.feature}: ${f.detail}`,
        ...(f.fix ? { fix: f.fix } : {}),
      });
    }
  }
  return checks;
}

function printChecks(io: CliIO, checks: readonly DoctorCheck[]): void {
  const width = Math.max(...checks.map((c) => c.check.length));
  for (const c of checks) {
    io.stdout(`${c.ok ? "ok  " : "FAIL"}  ${c.check.padEnd(width)}  ${c.detail}\n`);
    for (const line of c.stderr ?? []) io.stdout(`      ${" ".repeat(width)}  stderr| ${line}\n`);
    if (!c.ok && c.fix) io.stdout(`      ${" ".repeat(width)}  fix: ${c.fix}\n`);
  }
  const failed = checks.filter((c) => !c.ok).length;
  io.stderr(`${checks.length} checks, ${failed} failed\n`);
}

export function doctorCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "doctor", description: "Check config, bundle, setup, logins, storage and downstreams" },
    args: {
      ...projectArgs,
      out: { type: "string", description: "Bundle folder (default <project>/generated)", valueHint: "DIR" },
      json: { type: "boolean", description: "Print JSON" },
    },
    async run({ args }) {
      const options = projectOptions(io, args);
      const { context, units } = await projectUnits(io, args);
      const outDir = resolve(io.cwd, args.out ?? resolve(options.projectDir, "generated"));
      const shownOut = relative(io.cwd, outDir) || ".";
      const checks: DoctorCheck[] = [configCheck(context, io.cwd)];
      if (checks[0]?.ok) checks.push(await bundleCheck({ ...options, outDir }, shownOut));
      const manifest = manifestOf(resolve(outDir, "manifest.json"));
      checks.push(...(await verifyChecks(io, units)));
      checks.push(...(await storageChecks(io, args["user-config"], manifest)));
      const completion = context.resolved?.settings.completion;
      const timeoutMs = Math.min(
        completion?.discoveryTimeoutMs ?? 5_000,
        completion?.overallTimeoutMs ?? Number.POSITIVE_INFINITY,
      );
      checks.push(...(await downstreamChecks(manifest, timeoutMs)));
      checks.push(...(await stdioMcpChecks(manifest, outDir, io.env)));
      checks.push(...bindingChecks(manifest));
      const ok = checks.every((c) => c.ok);
      if (args.json) io.stdout(`${JSON.stringify({ ok, checks }, null, 2)}\n`);
      else printChecks(io, checks);
      setExit(ok ? EXIT_OK : EXIT_ERRORS);
    },
  });
}
