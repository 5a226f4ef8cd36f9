/**
 * Opening the object_store provider: the S3 client from the config (credentials are the resolved
 * JSON `{accessKeyId, secretAccessKey, sessionToken?}`, or the SDK's default chain when omitted),
 * then the precondition probe, then the shared engine around the bucket's records.
 */
import { storeOver } from "../shared/engine.js";
import { type Store, StoreError } from "../shared/types.js";
import { ObjectKeys } from "./keys.js";
import { probePreconditions } from "./probe.js";
import { loadS3Sdk } from "./sdk.js";
import { ObjectEngine } from "./store.js";

/** The object_store fields of the `storage` config, with the credentials already resolved. */
export interface ObjectStoreConfig {
  bucket: string;
  region: string;
  path?: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  /** The credentials JSON the `credentials` reference resolved to; undefined: the SDK's chain. */
  credentials?: string;
}

/** Static credentials for the SDK. */
export interface ObjectStoreCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Parses and checks the credentials JSON; errors name `storage.credentials`, never its content. */
export function parseCredentials(text: string): ObjectStoreCredentials {
  const field = "storage.credentials";
  const hint =
    'write {"accessKeyId": "...", "secretAccessKey": "...", "sessionToken": "..."} (sessionToken optional)';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StoreError("STORAGE_BAD_CONFIG", `${field} is not JSON`, hint);
  }
  const value = parsed as Partial<ObjectStoreCredentials> | null;
  const strings = (...fields: unknown[]) => fields.every((f) => typeof f === "string" && f !== "");
  if (
    value === null ||
    typeof value !== "object" ||
    !strings(value.accessKeyId, value.secretAccessKey) ||
    (value.sessionToken !== undefined && !strings(value.sessionToken))
  ) {
    throw new StoreError("STORAGE_BAD_CONFIG", `${field} lacks accessKeyId or secretAccessKey`, hint);
  }
  return {
    accessKeyId: value.accessKeyId as string,
    secretAccessKey: value.secretAccessKey as string,
    ...(value.sessionToken ? { sessionToken: value.sessionToken } : {}),
  };
}

/** Opens the store and probes its endpoint; rejects with a StoreError when it cannot be used. */
export async function openObjectStore(config: ObjectStoreConfig, pollIntervalMs: number): Promise<Store> {
  const credentials = config.credentials === undefined ? undefined : parseCredentials(config.credentials);
  const clientConfig = {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle ?? false,
    ...(credentials ? { credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible servers often lack the newer trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  } as const;
  const sdk = await loadS3Sdk();
  const client = new sdk.S3Client(clientConfig);
  // Conditional writes are never resent by the SDK: a PUT that landed and was answered 5xx would be
  // resent and read 412, a write reported as a conflict that in fact succeeded (see writeObject).
  const conditional = new sdk.S3Client({ ...clientConfig, maxAttempts: 1 });
  const keys = new ObjectKeys(config.path);
  const engine = new ObjectEngine({
    client,
    conditional,
    bucket: config.bucket,
    keys,
    sdk,
    location: `s3://${config.bucket}/${keys.root}`,
  });
  try {
    await probePreconditions(engine, keys);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return storeOver(engine, pollIntervalMs);
}
