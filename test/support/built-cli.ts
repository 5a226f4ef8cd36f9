/**
 * The built CLI (`dist/cli/main.cjs`, the package's bin), for tests that run `unitc` as a real child process. The
 * suite's global setup (test/support/global-setup.ts) builds dist/ first when it is stale.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository folder. */
export const REPO = fileURLToPath(new URL("../../", import.meta.url));

/** The built CLI's entry file. */
export const BUILT_CLI = join(REPO, "dist/cli/main.cjs");
