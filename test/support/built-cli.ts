/** The built `unitc` (dist/), for tests that run it as a child process the way users do. */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPO = fileURLToPath(new URL("../../", import.meta.url));
/** The built CLI entry. */
export const BUILT_CLI = join(REPO, "dist/cli/main.js");

/** Builds dist/ when a source under cli/, compiler/ or runtime/ is newer than it. */
export function ensureBuilt(): void {
  const newest = Math.max(
    ...["cli", "compiler", "runtime"].flatMap((dir) =>
      readdirSync(join(REPO, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith(".ts"))
        .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs),
    ),
  );
  if (existsSync(BUILT_CLI) && statSync(BUILT_CLI).mtimeMs >= newest) return;
  try {
    execFileSync("npm", ["run", "build"], { cwd: REPO, stdio: "pipe" });
  } catch (error) {
    // tsc still emits when another file has a type error; that is not this test's concern.
    if (!existsSync(BUILT_CLI)) throw error;
  }
}
