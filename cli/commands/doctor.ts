/**
 * `unitc doctor [--json]`: is this project ready to serve? The config, the bundle's freshness, verify
 * items (of approved setup plans) and runtime features, OAuth logins, storage, and whether downstreams answer (each within the
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
import { envFileArg, withEnvFile } from "../env-file.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { projectArgs, projectOptions } from "../project-args.js";
import { projectUnits } from "../setup-units.js";
import { lazyStorage, openStorage } from "../storage-config.js";
import { compileRunsCommands, projectCommandSet } from "../trust/command-set.js";
import { type CommandSet, manifestCommands } from "../trust/commands.js";
import { trustArg, trustGiven, untrustedCommands } from "../trust/gate.js";
import { readTrust } from "../trust/records.js";
import { approvalIn, verifyUnits } from "../verify-units.js";

/** Verify items (of approved setup plans only) and features as doctor lines. */
async function verifyChecks(
  io: CliIO,
  userConfig: string | undefined,
  units: Awaited<ReturnType<typeof projectUnits>>["units"],
): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  // Without storage no approval can be read, so no verify item runs; the storage check says why.
  const storage = units.some((u) => u.verify.length > 0)
    ? await openStorage(io, userConfig).catch(() => undefined)
    : undefined;
  let outcomes: Awaited<ReturnType<typeof verifyUnits>>;
  try {
    outcomes = await verifyUnits(units, io.env, approvalIn(storage?.store));
  } finally {
    await storage?.close();
  }
  for (const outcome of outcomes) {
    if (!outcome.approved) {
      checks.push({
        check: `verify ${outcome.unit}`,
        ok: false,
        detail: `not approved: ${outcome.notRun?.length} verify items not run (setup plan ${outcome.hash})`,
        fix: outcome.approve ?? `unitc setup ${outcome.unit} --yes`,
      });
    }
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

/** Whether the project's commands, and its bundle's, are trusted: the checks that run them need it. */
function trustCheck(set: CommandSet, given: boolean, bundleUntrusted: number): DoctorCheck {
  if (given && bundleUntrusted === 0) {
    const detail =
      set.commands.length === 0
        ? "the project declares no commands"
        : `${set.commands.length} commands trusted`;
    return { check: "trust", ok: true, detail };
  }
  const what = given
    ? `the bundle holds ${bundleUntrusted} commands no trusted project declares`
    : `the project's ${set.commands.length} commands are not trusted on this machine`;
  return {
    check: "trust",
    ok: false,
    detail: `PROJECT_UNTRUSTED ${what}: the checks that would run them were skipped`,
    fix: "unitc trust (read the commands, then trust them), or --trust for this run",
  };
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

export function doctorCommand(outerIo: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "doctor", description: "Check config, bundle, setup, logins, storage and downstreams" },
    args: {
      ...projectArgs,
      out: { type: "string", description: "Bundle folder (default <project>/generated)", valueHint: "DIR" },
      json: { type: "boolean", description: "Print JSON" },
      ...envFileArg,
      ...trustArg,
    },
    async run({ args }) {
      // The secret checks see what serve and run would see with the same --env-file.
      const io = withEnvFile(outerIo, args["env-file"]);
      const options = projectOptions(io, args);
      const { context, units } = await projectUnits(io, args);
      const outDir = resolve(io.cwd, args.out ?? resolve(options.projectDir, "generated"));
      const shownOut = relative(io.cwd, outDir) || ".";
      const manifest = manifestOf(resolve(outDir, "manifest.json"));
      const set = await projectCommandSet(context.resolved?.units ?? []);
      const bundleUntrusted = untrustedCommands(
        io,
        manifest ? manifestCommands(manifest, outDir) : [],
        args.trust,
      );
      const projectTrusted =
        set.commands.length === 0 ||
        trustGiven(io, args.trust) ||
        readTrust(io.env, options.projectDir)?.hash === set.hash;
      const trust = trustCheck(set, projectTrusted, bundleUntrusted.length);
      const checks: DoctorCheck[] = [configCheck(context, io.cwd), trust];
      // A compile's discovery would start the stdio MCP servers: checked on a trusted project only.
      if (checks[0]?.ok && (projectTrusted || !compileRunsCommands(set))) {
        // OAuth units are listed with the tokens of the user config's storage, as compile does.
        const storage = lazyStorage(io, args["user-config"]);
        const bundle = bundleCheck({ ...options, outDir, oauth: storage.oauth }, shownOut);
        checks.push(await bundle.finally(() => storage.close()));
      }
      // Untrusted, only the declared features are checked (with unitc's own probes).
      const verifiable = projectTrusted ? units : units.map((unit) => ({ ...unit, verify: [] }));
      checks.push(...(await verifyChecks(io, args["user-config"], verifiable)));
      checks.push(...(await storageChecks(io, args["user-config"], manifest)));
      const completion = context.resolved?.settings.completion;
      const timeoutMs = Math.min(
        completion?.discoveryTimeoutMs ?? 5_000,
        completion?.overallTimeoutMs ?? Number.POSITIVE_INFINITY,
      );
      checks.push(...(await downstreamChecks(manifest, timeoutMs)));
      if (trust.ok) checks.push(...(await stdioMcpChecks(manifest, outDir, io.env)));
      checks.push(...bindingChecks(manifest));
      const ok = checks.every((c) => c.ok);
      if (args.json) io.stdout(`${JSON.stringify({ ok, checks }, null, 2)}\n`);
      else printChecks(io, checks);
      setExit(ok ? EXIT_OK : EXIT_ERRORS);
    },
  });
}
