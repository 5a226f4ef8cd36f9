/**
 * The audit log of a serve: attached to its host at start, written to the configured store (opened at
 * the first record, as serving opens storage lazily), pruned of records past the retention on the
 * first write and then once a day, by one replica at a time (a lease), and flushed on close.
 */
import type { LazyStorage } from "../../calls/runtime-storage.js";
import type { Serve } from "../../contract/config-types.generated.js";
import { AuditWriter, pruneAudit } from "../../storage/audit/log.js";
import { DEFAULT_RETENTION_DAYS } from "../../storage/audit/records.js";
import { attachAudit } from "./trail.js";

const PRUNE_EVERY_MS = 86_400_000;
const PRUNE_LEASE = "unitc.audit.prune";
/** The vault's values are read again after this long: a secret set since is redacted from then on. */
const VAULT_READ_MS = 5_000;

/** The vault's values for redacting kept arguments, read at the first need and then at most every few seconds. */
function vaultValues(storage: LazyStorage): () => Promise<readonly string[]> {
  let read: { at: number; values: Promise<readonly string[]> } | undefined;
  return () => {
    if (!read || Date.now() - read.at > VAULT_READ_MS) {
      const values = storage.opened().then((opened) => opened.vault.values());
      // A failed read is not kept: the next call tries again (and keeps no arguments meanwhile).
      values.catch(() => {
        read = undefined;
      });
      read = { at: Date.now(), values };
    }
    return read.values;
  };
}

/** A started audit log; `close` writes what is queued. */
export interface ServeAudit {
  close(): Promise<void>;
}

/**
 * Starts the audit log of `host` as `settings` (`serve.audit`, `enabled` resolved by the serve's
 * settings) say; undefined unless it is on.
 */
export function startAudit(
  host: object,
  storage: LazyStorage,
  settings: Serve["audit"],
  log: (line: string) => void,
): ServeAudit | undefined {
  if (settings?.enabled !== true) return undefined;
  const retentionDays = settings?.retentionDays ?? DEFAULT_RETENTION_DAYS;
  let warned = false;
  let timer: NodeJS.Timeout | undefined;
  let pruning: Promise<void> | undefined;
  const store = async () => (await storage.opened()).store;
  const prune = () => {
    pruning = (async () => {
      const opened = await store();
      const lease = await opened.lease(PRUNE_LEASE, 10 * 60_000);
      if (!lease) return; // another replica is pruning
      try {
        await pruneAudit(opened, retentionDays);
      } finally {
        await lease.release();
      }
    })().catch((error: unknown) => log(`warning: audit log pruning failed: ${(error as Error).message}`));
  };
  const writer = new AuditWriter(
    async () => {
      const opened = await store();
      if (!timer && retentionDays > 0) {
        timer = setInterval(prune, PRUNE_EVERY_MS);
        timer.unref();
        prune();
      }
      return opened;
    },
    (error, lost) => {
      // Once: a store that is down would otherwise repeat it on every call.
      if (warned) return;
      warned = true;
      log(
        `warning: the audit log lost ${lost} record(s), the store refused them: ${(error as Error).message}`,
      );
    },
  );
  attachAudit(host, { append: (record) => writer.append(record), vaultSecrets: vaultValues(storage) });
  return {
    async close() {
      clearInterval(timer);
      await writer.flush();
      await pruning;
    },
  };
}
