/**
 * `unitc call <unit>.<op>`: one call through the runtime a served call goes through (the same
 * validation, errors and redaction). The value is JSON on stdout; a failure is the served call's
 * error text on stderr, exit 1.
 */
import { dirname } from "node:path";
import { defineCommand } from "citty";
import { manifestArg, openBundle, openOperation } from "../bundle.js";
import { callInput } from "../call-input.js";
import { envFileArg, withEnvFile } from "../env-file.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { projectArgs } from "../project-args.js";
import { lazyStorage } from "../storage-config.js";
import { lookUp, reportFailure } from "../target.js";
import { manifestUnitCommands } from "../trust/commands.js";
import { reportUntrustedBundle, trustArg, untrustedCommands } from "../trust/gate.js";

export function callCommand(outerIo: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "call",
      description: "Call one operation of the compiled bundle and print its result as JSON",
    },
    args: {
      target: { type: "positional", required: true, description: "The operation", valueHint: "UNIT.OP" },
      input: {
        type: "string",
        description: "The input as JSON (key=value words after it add to it)",
        valueHint: "JSON",
      },
      ...manifestArg,
      ...envFileArg,
      "user-config": projectArgs["user-config"],
      ...trustArg,
    },
    async run({ args }) {
      const io = withEnvFile(outerIo, args["env-file"]);
      // vault: references and OAuth tokens read the user config's store, opened at first use only.
      const storage = lazyStorage(io, args["user-config"]);
      // One call and exit: requests skip loading the pooled HTTP client (see RuntimeOptions.oneShot).
      const options = { env: io.env, vault: storage.vault, oauth: storage.oauth, oneShot: true };
      // Only the called operation's part of the manifest when the bundle records where it lies.
      const sliced = openOperation(io, args.manifest, args.target, options);
      const bundle = sliced ?? openBundle(io, "call", args.manifest, setExit, options);
      if (!bundle) return;
      const { runtime } = bundle;
      try {
        const { unit, operation } = sliced ?? lookUp(runtime, args.target, true);
        // The command this call would start (a stdio MCP server, a CLI action) must be trusted.
        const commands = manifestUnitCommands(unit, dirname(bundle.path)).filter(
          (c) => c.kind === "mcp" || c.label === operation?.name,
        );
        const untrusted = untrustedCommands(io, commands, args.trust);
        if (untrusted.length > 0) {
          reportUntrustedBundle(io, "call", untrusted);
          setExit(EXIT_ERRORS);
          return;
        }
        const words = (args._ as string[]).slice(1);
        const input = callInput(args.input, words, operation?.inputSchema);
        const result = await runtime.invoke(unit.id, operation?.name ?? "", input);
        io.stdout(`${JSON.stringify(result.value ?? null, null, 2)}\n`);
        if (result.truncated) io.stderr("unitc call: the result was cut to the operation's size limit\n");
        setExit(EXIT_OK);
      } catch (error) {
        if (error instanceof UsageError) throw error;
        reportFailure(io, "call", error);
        setExit(EXIT_ERRORS);
      } finally {
        await runtime.close();
        await storage.close();
      }
    },
  });
}
