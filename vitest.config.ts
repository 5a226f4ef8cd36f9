import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./test/support/sequencer.js";

export default defineConfig({
  resolve: {
    // Generated code imports the package's runtime entry; in this repo that is the source.
    alias: [
      { find: "unitc/runtime", replacement: fileURLToPath(new URL("./runtime/index.ts", import.meta.url)) },
      // The agent framework adapters, as examples/agents imports them.
      {
        find: /^unitc\/(ai-sdk|langchain|mastra|openai-agents)$/,
        replacement: fileURLToPath(new URL("./runtime/adapters/$1.ts", import.meta.url)),
      },
      // Node loads graphql's CommonJS build (what @graphql-codegen requires too); vitest would pick
      // its ESM build, and two copies of graphql reject each other's schemas.
      { find: /^graphql$/, replacement: "graphql/index.js" },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["./test/support/global-setup.ts"],
    setupFiles: ["./test/support/setup-env.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // Known-slow files first on a clean clone (test/support/slow-files.txt), so none starts last.
    sequence: { sequencer: SlowFirstSequencer },
    // A bound on a hang only: on a shared 2-core machine under load, a test that runs the built CLI
    // a few times took longer than 30 s. Tests assert outcomes, never how long they took.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One worker per core, not vitest's cores − 1 (one worker on a 2-core machine): most tests wait
    // on child processes and servers, so a second worker keeps both cores busy.
    maxWorkers: availableParallelism(),
    // One module graph per worker instead of one per test file: importing the compiler and runtime
    // again for each of ~150 files was a third of the suite's time on a 2-core machine.
    isolate: false,
  },
});
