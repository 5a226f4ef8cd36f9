/** Errors the runtime raises: each has a stable code, a readable message and an optional hint. */

import type { UnitErrorCode } from "./codes/index.js";

export type { UnitErrorCode };

/** One entry of a GraphQL response's `errors`, secrets redacted. */
export interface GraphqlErrorDetail {
  message: string;
  path?: Array<string | number>;
}

export interface UnitErrorDetails {
  hint?: string;
  unit?: string;
  operation?: string;
  /** HTTP status of a non-2xx response. */
  status?: number;
  /** A bounded excerpt of the response body or stderr tail, secrets redacted. */
  excerpt?: string;
  /** Exit code of a CLI action. */
  exitCode?: number | null;
  /** Validation problems of an input, one line each. */
  problems?: string[];
  /** The `data` of a GraphQL response that also carried errors (partial data, or null). */
  data?: unknown;
  /** The `errors` of a GraphQL response. */
  errors?: GraphqlErrorDetail[];
}

/** A failed call. `code` is stable: match on it, not on the message. */
export class UnitError extends Error {
  readonly code: UnitErrorCode;
  readonly details: UnitErrorDetails;
  constructor(code: UnitErrorCode, message: string, details: UnitErrorDetails = {}) {
    super(message);
    this.name = "UnitError";
    this.code = code;
    this.details = details;
  }
}

export function isUnitError(error: unknown): error is UnitError {
  return error instanceof UnitError;
}
