/** `unitc run`: runs a Code Mode script against a compiled bundle and prints the result as JSON. */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { defineCommand } from "citty";
import { runCodeMode } from "../../runtime/sandbox/index.js";
import { manifestArg, openBundle, reportSetup } from "../bundle.js";
import { envFileArg, withEnvFile } from "../env-file.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { projectArgs } from "../project-args.js";
import { lazyStorage } from "../storage-config.js";
import { bundleTrusted, trustArg } from "../trust/gate.js";

/** The script's text, from a file or (`-`) standard input. */
async function readScript(io: CliIO, file: string): Promise<string> {
  if (file !== "-") return readFile(resolve(io.cwd, file), "utf8");
  if (!io.stdin) throw new Error("standard input is not available here");
  return io.stdin();
}

export function runScriptCommand(outerIo: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "run",
      description: "Run a Code Mode script (TypeScript or JavaScript) against a compiled bundle",
    },
    args: {
      file: {
        type: "positional",
        required: true,
        description: "The script, or - for standard input",
        valueHint: "FILE|-",
      },
      ...manifestArg,
      timeout: {
        type: "string",
        description: "Time limit in milliseconds (default 10000, at most 120000)",
        valueHint: "MS",
      },
      ...envFileArg,
      "user-config": projectArgs["user-config"],
      ...trustArg,
    },
    async run({ args }) {
      const io = withEnvFile(outerIo, args["env-file"]);
      let code: string;
      try {
        code = await readScript(io, args.file);
      } catch (error) {
        reportSetup(io, "run", error);
        setExit(EXIT_ERRORS);
        return;
      }
      // vault: references and OAuth tokens read the user config's store, opened at first use only.
      const storage = lazyStorage(io, args["user-config"]);
      const bundle = openBundle(io, "run", args.manifest, setExit, {
        env: io.env,
        vault: storage.vault,
        oauth: storage.oauth,
      });
      if (!bundle) return;
      const { runtime, path: manifestPath } = bundle;
      try {
        // The script may call any unit: every command the bundle holds must be trusted.
        if (!bundleTrusted(io, "run", runtime.manifest, dirname(manifestPath), args.trust)) {
          setExit(EXIT_ERRORS);
          return;
        }
        const timeoutMs = args.timeout === undefined ? undefined : Number(args.timeout);
        const result = await runCodeMode(runtime, { code, timeoutMs }, dirname(manifestPath));
        io.stdout(`${JSON.stringify(result, null, 2)}\n`);
        setExit(result.ok ? EXIT_OK : EXIT_ERRORS);
      } finally {
        await runtime.close();
        await storage.close();
      }
    },
  });
}
