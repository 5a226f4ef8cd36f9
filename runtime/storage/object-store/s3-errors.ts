/** How the S3 SDK's failures map onto the store's outcomes: a failed precondition, a miss, or a StoreError. */
import { StoreError } from "../shared/types.js";

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const status = (error: unknown) => (error as SdkError)?.$metadata?.httpStatusCode;

/** True when a conditional request failed its precondition (412), or lost a race for it (409). */
export function isPreconditionFailure(error: unknown): boolean {
  const code = status(error);
  return code === 412 || code === 409 || (error as SdkError)?.name === "PreconditionFailed";
}

/** True when the object does not exist. */
export function isMissing(error: unknown): boolean {
  const name = (error as SdkError)?.name;
  return status(error) === 404 || name === "NoSuchKey" || name === "NotFound";
}

/** True when a request may have taken effect though no answer says so: no response, or a 5xx. */
export function isAmbiguous(error: unknown): boolean {
  const code = status(error);
  return code === undefined || code >= 500;
}

/** A StoreError for any other failure, naming the location and never a credential. */
export function storeFailure(error: unknown, location: string): StoreError {
  const code = status(error);
  const name = (error as SdkError)?.name ?? "Error";
  if (code === 403 || name === "AccessDenied") {
    return new StoreError(
      "STORAGE_NOT_WRITABLE",
      `${location} refused access (${name})`,
      "give the credentials read, write, list and delete on the bucket and path",
    );
  }
  if (code === undefined) {
    return new StoreError(
      "STORAGE_UNREACHABLE",
      `${location} is unreachable (${(error as Error)?.message ?? name})`,
      "check the endpoint, region and network",
    );
  }
  return new StoreError(
    "STORAGE_UNREACHABLE",
    `${location} answered ${code} (${name})`,
    "check the bucket and region",
  );
}
