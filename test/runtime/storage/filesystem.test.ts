import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeStoreConformance } from "./conformance.js";

const root = mkdtempSync(join(tmpdir(), "unitc-store-fs-"));
describeStoreConformance("filesystem", () => ({
  settings: { provider: "filesystem", path: root, pollIntervalMs: 300 },
  env: {},
}));
