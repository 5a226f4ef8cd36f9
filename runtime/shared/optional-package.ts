/**
 * The optional packages: parts of unitc a plain install leaves out (object storage, PostgreSQL,
 * `unitc tokens`, `compile --bundle`, Swagger 2.0 conversion, OpenTelemetry export), loaded on first use. A missing one is
 * an OPTIONAL_PACKAGE_MISSING error naming the exact `npm install` that brings it, never a stack trace.
 */
import { UnitError } from "../contract/errors.js";

/** What the OpenTelemetry SDK packages enable (they load only with an OTLP endpoint set). */
const OTLP_EXPORT = "OpenTelemetry export (OTEL_EXPORTER_OTLP_* set)";

/** Each optional package, the version unitc is tested with, and what it enables. */
export const OPTIONAL_PACKAGES = {
  "@aws-sdk/client-s3": { version: "3.1175.0", enables: "the object_store storage provider" },
  pg: { version: "8.23.1", enables: "the postgresql storage provider" },
  "js-tiktoken": { version: "1.0.21", enables: "unitc tokens" },
  "@rollup/wasm-node": { version: "4.68.4", enables: "unitc compile --bundle" },
  esbuild: { version: "0.28.2", enables: "unitc compile --bundle" },
  "rollup-plugin-esbuild": { version: "6.2.1", enables: "unitc compile --bundle" },
  swagger2openapi: { version: "7.0.8", enables: "Swagger 2.0 documents in openapi units" },
  "@opentelemetry/core": { version: "3.1.1", enables: OTLP_EXPORT },
  "@opentelemetry/resources": { version: "3.1.1", enables: OTLP_EXPORT },
  "@opentelemetry/context-async-hooks": { version: "3.1.1", enables: OTLP_EXPORT },
  "@opentelemetry/sdk-trace": { version: "3.1.1", enables: OTLP_EXPORT },
  "@opentelemetry/exporter-trace-otlp-http": { version: "0.301.2", enables: OTLP_EXPORT },
  "@opentelemetry/sdk-metrics": { version: "3.1.1", enables: OTLP_EXPORT },
  "@opentelemetry/exporter-metrics-otlp-http": { version: "0.301.2", enables: OTLP_EXPORT },
} as const;

/** The name of an optional package. */
export type OptionalPackage = keyof typeof OPTIONAL_PACKAGES;

/**
 * The install command for `pkg` and the other optional packages its feature needs (--bundle needs
 * three), so one command brings them all.
 */
function installCommand(pkg: string, version: string, enables: string): string {
  const together = Object.entries(OPTIONAL_PACKAGES)
    .filter(([name, known]) => known.enables === enables && name !== pkg)
    .map(([name, known]) => `${name}@${known.version}`);
  return ["npm install", `${pkg}@${version}`, ...together].join(" ");
}

/** A missing optional package; `hint` is the install command (read by the storage failure report). */
export class OptionalPackageError extends UnitError {
  constructor(pkg: string, version: string, enables: string) {
    super("OPTIONAL_PACKAGE_MISSING", `${enables} needs the package ${pkg}, which is not installed`, {
      hint: installCommand(pkg, version, enables),
    });
    this.name = "OptionalPackageError";
  }
  /** The install command, as StoreError and VaultError carry theirs. */
  get hint(): string {
    return this.details.hint ?? "";
  }
}

/** Whether `error` is the loader's "this package is not installed" (not a failure inside the package). */
function isNotFound(error: unknown, pkg: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return false;
  // A package that is present but lacks one of its own dependencies names that dependency instead.
  const message = String((error as Error).message);
  return message.includes(`'${pkg}'`) || message.includes(`'${pkg}/`);
}

/**
 * Imports `specifier` (the package or one of its subpaths) of the optional package `pkg`; a missing
 * package rejects with OptionalPackageError. `load` is the import itself, so the bundled CLI keeps
 * each import a plain `import()` of a literal it leaves external.
 */
export async function importOptional<T>(
  pkg: string,
  load: () => Promise<T>,
  known: { version: string; enables: string } = OPTIONAL_PACKAGES[pkg as OptionalPackage],
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error, pkg)) throw new OptionalPackageError(pkg, known.version, known.enables);
    throw error;
  }
}
