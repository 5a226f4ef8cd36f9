import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeStoreConformance } from "./conformance.js";

const path = join(mkdtempSync(join(tmpdir(), "unitc-store-sqlite-")), "store.db");
describeStoreConformance("sqlite", () => ({ settings: { provider: "sqlite", path, pollIntervalMs: 300 }, env: {} }));
