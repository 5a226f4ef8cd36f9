/** The connection fields every HTTP-based backend shares: base URL, auth, timeout, byte cap. */
import type { AuthConfig } from "../../runtime/manifest.js";
import { defsDefault } from "../resolve/defaults.js";

type Data = Record<string, unknown>;

/** `{kind, baseUrl, auth, requestTimeoutMs, maxResponseBytes}` with the schema's defaults applied. */
export function remoteConnection<K extends string>(kind: K, backend: Data, baseUrl: string) {
  return {
    kind,
    baseUrl,
    auth: (backend.auth as AuthConfig | undefined) ?? { type: "none" },
    requestTimeoutMs:
      (backend.requestTimeoutMs as number | undefined) ??
      defsDefault<number>("remoteRequestFields", "requestTimeoutMs"),
    maxResponseBytes:
      (backend.maxResponseBytes as number | undefined) ??
      defsDefault<number>("httpApiFields", "maxResponseBytes"),
  };
}
