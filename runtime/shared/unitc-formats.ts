/**
 * The formats input checks know beyond ajv-formats' (which has int32, int64, float and double): those
 * of discovery documents. The widths that fit a JSON number are checked; the others only name a
 * string shape. One table for ajv (`ajv-setup.ts`) and the plain validator (`validate-simple.ts`).
 */

/** A format: a number format's check, or `true` for one that checks nothing. */
export type UnitcFormat = { type: "number"; validate: (n: number) => boolean } | true;

export const UNITC_FORMATS: Readonly<Record<string, UnitcFormat>> = {
  uint32: { type: "number", validate: (n) => Number.isInteger(n) && n >= 0 && n <= 2 ** 32 - 1 },
  uint64: { type: "number", validate: (n) => Number.isInteger(n) && n >= 0 },
  "google-datetime": true,
  "google-duration": true,
  "google-fieldmask": true,
};
