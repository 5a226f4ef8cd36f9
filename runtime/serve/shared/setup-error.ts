import type { UnitErrorCode } from "../contract/codes/index.js";

/** A problem that stops `serve` from starting (bad flag value, unset variable, port in use). */
export class ServeSetupError extends Error {
  constructor(
    readonly code: UnitErrorCode,
    message: string,
    readonly hint?: string,
    /** The bad value came from a command-line flag: a wrong command line (exit 2), not bad input. */
    readonly fromFlag = false,
  ) {
    super(message);
    this.name = "ServeSetupError";
  }
}
