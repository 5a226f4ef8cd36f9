/**
 * Single-flight token renewal across processes and replicas: whoever takes the unit's storage lease
 * renews (after re-reading, inside `held`); the others wait and re-read until the holder's result is
 * in the store, so one rotating refresh token is spent once.
 */
import { UnitError } from "../contract/errors.js";
import type { Store } from "../storage/shared/types.js";
import { refreshLeaseName } from "./token-store.js";

/** How long a renewal may hold the lease, and how long others wait for it. */
const LEASE_MS = 30_000;
const WAIT_STEP_MS = 50;

/**
 * Runs `held` under `unitId`'s refresh lease; while another holds it, polls `settled` (what the
 * store shows now) and returns its answer once it has one.
 */
export async function singleFlight<T>(
  store: Store,
  unitId: string,
  held: () => Promise<T>,
  settled: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + LEASE_MS;
  for (;;) {
    const lease = await store.lease(refreshLeaseName(unitId), LEASE_MS);
    if (lease) {
      try {
        return await held();
      } finally {
        await lease.release();
      }
    }
    const now = await settled();
    if (now !== undefined) return now;
    if (Date.now() > deadline) {
      throw new UnitError(
        "AUTH_FAILED",
        `timed out waiting for another process to refresh ${unitId}'s token`,
        {
          hint: "try again; if it persists, check the storage the runtime uses",
        },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}
