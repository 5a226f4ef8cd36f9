/**
 * `unitc audit [list|export|prune]`: the audit log `unitc serve` keeps in the user config's storage.
 * `list` (the default) prints the calls that pass the filters, oldest first, as a table, `--json` or
 * `--jsonl`; `export` writes JSON Lines on stdout; `prune` deletes records past the retention
 * (`--retention-days`, else the user config's `serve.audit.retentionDays`). Records hold who, when,
 * which unit and operation, the outcome and the duration, never arguments or results.
 */
import { resolve } from "node:path";
import { defineCommand } from "citty";
import { isUnitError, UnitError } from "../../runtime/contract/errors.js";
import {
  type AuditRecord,
  auditFilter,
  DEFAULT_RETENTION_DAYS,
  parseRetentionDays,
  pruneAudit,
  readAudit,
} from "../../runtime/storage/index.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { userConfigArg, withStorage } from "../storage-config.js";
import { loadUserServeConfig } from "../user-config.js";

const ACTIONS = ["list", "export", "prune"] as const;

/** One record as a table row: time, principal, what was called, outcome, duration. */
function row(record: AuditRecord): string {
  const what =
    record.kind === "code_mode"
      ? `code_mode [${(record.calls ?? []).map((c) => `${c.unit}.${c.operation}:${c.outcome}`).join(" ")}]`
      : record.unit
        ? `${record.unit}${record.operation ? `.${record.operation}` : ""}`
        : record.tool;
  return `${record.at}\t${record.principal}\t${what}\t${record.outcome}\t${record.durationMs}ms\n`;
}

/** The retention `prune` applies: the flag, else the user config's (0: forever), else the default. */
async function retentionOf(io: CliIO, flag: string | undefined, configFlag: string | undefined) {
  if (flag !== undefined) return parseRetentionDays(flag);
  const file = configFlag === "none" ? false : configFlag ? resolve(io.cwd, configFlag) : "";
  const days = (await loadUserServeConfig(file, io.env)).serve.audit?.retentionDays;
  return days ?? DEFAULT_RETENTION_DAYS;
}

const auditArgs = {
  action: {
    type: "positional",
    required: false,
    description: "list (the default), export (JSON Lines on stdout) or prune",
    valueHint: "list|export|prune",
  },
  since: { type: "string", description: "Only calls since then: 30d, 12h, 15m or an ISO date" },
  principal: {
    type: "string",
    description: "Only this caller's calls (serve-token:NAME, admin, local, …)",
  },
  unit: { type: "string", description: "Only calls of this unit (direct, or from a Code Mode run)" },
  outcome: { type: "string", description: "Only this outcome: ok, error (any failure) or a code" },
  json: { type: "boolean", description: "Print a JSON array" },
  jsonl: { type: "boolean", description: "Print JSON Lines (one record a line), as export does" },
  "retention-days": {
    type: "string",
    description: "prune: delete records older than this many days (default: serve.audit.retentionDays, 90)",
    valueHint: "DAYS",
  },
  ...userConfigArg,
} as const;

/** `unitc audit`. */
export function auditCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "audit",
      description: "List, export (JSON Lines) or prune the audit log of calls through unitc serve",
    },
    args: auditArgs,
    async run({ args }) {
      const action = (args.action ?? "list") as (typeof ACTIONS)[number];
      try {
        if (!ACTIONS.includes(action)) {
          throw new UnitError("AUDIT_BAD_ACTION", `unitc audit has no action ${JSON.stringify(action)}`, {
            hint: "use unitc audit (list), unitc audit export or unitc audit prune",
          });
        }
        const filter = auditFilter(args);
        const days =
          action === "prune" ? await retentionOf(io, args["retention-days"], args["user-config"]) : 0;
        await withStorage(io, `audit ${action}`, args["user-config"], setExit, async ({ store }) => {
          if (action === "prune" && days === 0) {
            io.stderr("serve.audit.retentionDays is 0, which keeps records forever: nothing pruned\n");
            return EXIT_OK;
          }
          if (action === "prune") {
            const removed = await pruneAudit(store, days);
            io.stderr(`pruned ${removed} call record(s) older than ${days} days\n`);
            return EXIT_OK;
          }
          const records = await readAudit(store, filter);
          if (action === "export" || args.jsonl) {
            for (const record of records) io.stdout(`${JSON.stringify(record)}\n`);
          } else if (args.json) io.stdout(`${JSON.stringify(records, null, 2)}\n`);
          else if (records.length === 0) io.stderr("no calls recorded that match\n");
          else for (const record of records) io.stdout(row(record));
          return EXIT_OK;
        });
      } catch (error) {
        if (!isUnitError(error)) throw error;
        const hint = error.details.hint ? `\nhint: ${error.details.hint}` : "";
        io.stderr(`unitc audit: ${error.code} ${error.message}${hint}\n`);
        setExit(EXIT_ERRORS);
      }
    },
  });
}
