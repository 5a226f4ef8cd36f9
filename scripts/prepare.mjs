#!/usr/bin/env node
// npm's `prepare` step: builds dist/ when unitc is installed from a git URL (npm installs the
// development dependencies first, then runs this) and when it is packed. In a checkout whose
// dist/ is already newer than every source it does nothing, so `npm ci` here stays quick. The
// test suite's global setup asks the same question through distIsFresh().
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** True when dist/ was built after the last change to anything the build reads. */
export function distIsFresh() {
  const built = join(root, "dist/cli/main.js");
  if (!existsSync(built)) return false;
  const files = ["cli", "compiler", "runtime", "templates", "schemas"]
    .filter((dir) => existsSync(join(root, dir)))
    .flatMap((dir) => readdirSync(join(root, dir), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  files.push(
    ...[
      "package.json",
      "scripts/bundle-cli.mjs",
      "scripts/bundle-packages.mjs",
      "scripts/third-party-licenses.mjs",
      "scripts/bin.mjs",
      "scripts/entry.mjs",
    ].map((file) => join(root, file)),
  );
  const newest = Math.max(...files.filter(existsSync).map((file) => statSync(file).mtimeMs));
  return statSync(built).mtimeMs >= newest;
}

/** Runs `npm run build` in the checkout (its errors go to stderr and throw). */
export function build() {
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !distIsFresh()) build();
