/**
 * The serving person's settings of confirmation: the serve config's `confirm`, which adds
 * operations of every served unit to those the units name, and how long the person has to answer.
 * Which calls a setting confirms is the contract's rule (`../../contract/confirm.ts`).
 */
import type { ConfirmSetting } from "../../contract/manifest.js";

/** The serving person's own settings of confirmation (the serve config's `confirm`, its wait). */
export interface ConfirmOptions {
  /** Operations of every served unit to confirm, as `unit.operation` names, or `destructive`. */
  operations?: ConfirmSetting;
  /** How long the person has to answer; no answer by then declines the call. */
  timeoutMs?: number;
}

/** How long the person has to answer when the serve config says nothing (the schema's default). */
export const DEFAULT_CONFIRM_TIMEOUT_MS = 120_000;
