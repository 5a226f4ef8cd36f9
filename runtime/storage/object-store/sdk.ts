/**
 * The S3 SDK, an optional package: loaded when an object_store is first opened, so a plain install
 * (filesystem or SQLite storage) needs none of it.
 */
import { importOptional } from "../../shared/optional-package.js";

/** The `@aws-sdk/client-s3` module. */
export type S3Sdk = typeof import("@aws-sdk/client-s3");

/** Loads the SDK; rejects with OPTIONAL_PACKAGE_MISSING when it is not installed. */
export function loadS3Sdk(): Promise<S3Sdk> {
  return importOptional("@aws-sdk/client-s3", () => import("@aws-sdk/client-s3"));
}
