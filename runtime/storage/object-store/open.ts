/**
 * Opening the object_store provider from the `storage` config: credentials from an `env:` or
 * `file:` reference (JSON `{accessKeyId, secretAccessKey, sessionToken?}`), or the SDK's default
 * chain when omitted; then the precondition probe.
 */
import { S3Client } from "@aws-sdk/client-s3";
import { resolveSecret } from "../references.js";
import { StoreError } from "../types.js";
import { ObjectKeys } from "./keys.js";
import { probePreconditions } from "./probe.js";
import { ObjectStore } from "./store.js";

/** The object_store fields of the `storage` config. */
export interface ObjectStoreConfig {
  bucket: string;
  region: string;
  path?: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  /** An `env:` or `file:` reference to the credentials JSON. */
  credentials?: string;
  pollIntervalMs?: number;
}

/** Static credentials for the SDK. */
export interface ObjectStoreCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** How often the change feed lists a watched namespace when the config does not say. */
export const DEFAULT_POLL_INTERVAL_MS = 2000;

/** Resolves and checks the credentials JSON; errors name `storage.credentials`, never its content. */
export async function resolveCredentials(
  reference: string,
  env: Record<string, string | undefined>,
): Promise<ObjectStoreCredentials> {
  const field = "storage.credentials";
  const text = await resolveSecret(reference, { env, allow: ["env", "file"], field });
  const hint =
    'write {"accessKeyId": "...", "secretAccessKey": "...", "sessionToken": "..."} (sessionToken optional)';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StoreError("STORAGE_UNREACHABLE", `${field} (${reference}) is not JSON`, hint);
  }
  const value = parsed as Partial<ObjectStoreCredentials> | null;
  const strings = (...fields: unknown[]) => fields.every((f) => typeof f === "string" && f !== "");
  if (
    value === null ||
    typeof value !== "object" ||
    !strings(value.accessKeyId, value.secretAccessKey) ||
    (value.sessionToken !== undefined && !strings(value.sessionToken))
  ) {
    throw new StoreError(
      "STORAGE_UNREACHABLE",
      `${field} (${reference}) lacks accessKeyId or secretAccessKey`,
      hint,
    );
  }
  return {
    accessKeyId: value.accessKeyId as string,
    secretAccessKey: value.secretAccessKey as string,
    ...(value.sessionToken ? { sessionToken: value.sessionToken } : {}),
  };
}

/** Opens the store and probes its endpoint; rejects with a StoreError it cannot be used. */
export async function openObjectStore(
  config: ObjectStoreConfig,
  env: Record<string, string | undefined> = process.env,
): Promise<ObjectStore> {
  const credentials =
    config.credentials === undefined ? undefined : await resolveCredentials(config.credentials, env);
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle ?? false,
    ...(credentials ? { credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible servers often lack the newer trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const keys = new ObjectKeys(config.path);
  const path = keys.namespacePrefix("").replace(/records\/\/$/, "");
  const store = new ObjectStore({
    client,
    bucket: config.bucket,
    keys,
    location: `s3://${config.bucket}/${path}`,
    pollIntervalMs: config.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
  });
  try {
    await probePreconditions(store, keys);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
