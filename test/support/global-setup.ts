/**
 * Runs once before any test file: builds dist/ when it is missing or older than the sources (the
 * CLI tests run the built `unitc`, so `npm test` on a fresh clone needs no other step), and gives
 * the run one temp folder of its own, removed at the end, so no test leaves folders behind.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const built = join(repo, "dist/cli/main.js");
const lock = join(repo, "node_modules/.cache/unitc-test-build.lock");

/** Newest modification time of what the build reads. */
function newestSource(): number {
  const files = ["cli", "compiler", "runtime", "templates", "schemas"].flatMap((dir) =>
    existsSync(join(repo, dir))
      ? readdirSync(join(repo, dir), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name))
      : [],
  );
  files.push(join(repo, "package.json"), join(repo, "scripts/bundle-cli.mjs"), join(repo, "scripts/bin.mjs"));
  return Math.max(...files.filter(existsSync).map((file) => statSync(file).mtimeMs));
}

const fresh = () => existsSync(built) && statSync(built).mtimeMs >= newestSource();

/** Takes the build lock (another copy of the suite may be building), waiting up to 5 minutes. */
async function withLock(work: () => void): Promise<void> {
  mkdirSync(join(lock, ".."), { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`the build lock ${lock} was held for 5 minutes; remove it`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export async function setup(): Promise<() => void> {
  if (!fresh()) {
    await withLock(() => {
      if (fresh()) return;
      execFileSync("npm", ["run", "build"], { cwd: repo, stdio: ["ignore", "ignore", "inherit"] });
    });
  }
  const root = mkdtempSync(join(tmpdir(), "unitc-test-run-"));
  // Workers and the processes they start inherit this, so every temp folder lands under `root`.
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
