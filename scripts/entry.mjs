// The `unitc` executable's first bundle: scripts/bundle-cli.mjs bundles this file into
// dist/cli/entry.cjs, which dist/cli/main.cjs (scripts/main.cjs, the package's bin) loads once it
// has checked the Node version. It is CommonJS so that a shell's completion (`unitc __complete`, run at every
// Tab) is answered without starting Node's ES module loader, which is about a sixth of the 50 ms an
// answer may take. Every other command goes on to the ES module build, dist/cli/main.js
// (scripts/bin.mjs); so does a completion that must load more than the quick path holds
// (dist/cli/completion-slow.js).

import { completeProcess } from "../cli/completion/run.ts";
import { compileCache } from "../runtime/shared/compile-cache.ts";

if (process.argv[2] === "__complete") {
  compileCache();
  completeProcess(process.argv.slice(3)).then((code) => {
    process.exitCode = code;
  });
} else {
  import("./main.js");
}
