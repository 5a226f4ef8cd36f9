/**
 * The catalogue of runtime and CLI error codes (`UnitError.code`): a one-line summary, the hint to
 * fall back on and an example for each, kept in one file per area. `UnitErrorCode` is typed from
 * its keys; `unitc explain <CODE>` and docs/codes.md read it.
 */
import { callCodes } from "./calls.js";
import { codeModeCodes } from "./code-mode.js";
import type { ErrorCodeEntry } from "./entry.js";
import { projectCodes } from "./project.js";
import { secretCodes } from "./secrets.js";
import { serveCodes } from "./serve.js";
import { storageCodes } from "./storage.js";

export type { ErrorCodeEntry };

const codes = {
  ...callCodes,
  ...secretCodes,
  ...codeModeCodes,
  ...serveCodes,
  ...storageCodes,
  ...projectCodes,
};

/** Every runtime error code. */
export type UnitErrorCode = keyof typeof codes;

/**
 * A code union of an error class other than `UnitError`, spelled out where it is thrown:
 * `CataloguedCode<"A" | "B">` does not compile when one of them is not in this catalogue.
 */
export type CataloguedCode<Code extends UnitErrorCode> = Code;

/** The runtime catalogue, by code. */
export const runtimeErrorCodes: Readonly<Record<UnitErrorCode, ErrorCodeEntry>> = codes;
