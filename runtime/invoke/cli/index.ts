/**
 * The CLI invoker: runs a configured command (`invoke.kind === "cli"`) with argv built from the input,
 * no shell, an allowlisted environment, a fixed working directory, a timeout and an output cap.
 * The result is stdout (text, or parsed JSON); stderr only shows up, as a redacted tail, in errors.
 */
import { UnitError, type UnitErrorDetails } from "../../contract/errors.js";
import type { CliInvoke } from "../../contract/manifest.js";
import { head, redact, redactJson, redactOutput, tail, truncationMarker } from "../../shared/redact.js";
import type { InvokeContext, InvokeResult, Invoker } from "../shared/types.js";
import type { OutputCollector } from "./output.js";
import { checkPathInputs } from "./paths.js";
import { buildArgv, buildEnv, checkCommand, resolveCommand, resolveCwd } from "./plan.js";
import { type CommandOutcome, runCommand } from "./run.js";

/** Longest stderr tail in a `CLI_EXIT` error. */
const STDERR_EXCERPT_CHARS = 2_000;
/** Longest stdout excerpt in an `OUTPUT_INVALID` error. */
const STDOUT_EXCERPT_CHARS = 500;

function cliInvokeOf(context: InvokeContext): CliInvoke {
  const invoke = context.operation.invoke;
  if (invoke.kind !== "cli") {
    throw new UnitError("UNSUPPORTED_BACKEND", `operation ${context.operation.name} is not a CLI action`);
  }
  return invoke as CliInvoke;
}

function stdoutResult(invoke: CliInvoke, output: OutputCollector, secrets: readonly string[]): InvokeResult {
  const stdout = output.stdout();
  if (invoke.output === "text") {
    const text = redactOutput(stdout, secrets, { end: output.stdoutCut });
    if (!output.stdoutCut) return { value: text, truncated: false };
    return { value: text + truncationMarker(invoke.maxOutputBytes, "maxOutputBytes"), truncated: true };
  }
  if (output.stdoutCut) {
    throw new UnitError(
      "RESPONSE_TRUNCATED",
      `${invoke.command} printed more than ${invoke.maxOutputBytes} bytes`,
      {
        hint: "raise maxOutputBytes in the unit file, or ask for less output",
      },
    );
  }
  try {
    return { value: redactJson(JSON.parse(stdout), secrets), truncated: false };
  } catch {
    throw new UnitError("OUTPUT_INVALID", `${invoke.command} did not print valid JSON`, {
      excerpt: head(redactOutput(stdout, secrets), STDOUT_EXCERPT_CHARS),
      hint: 'check the command\'s flags for JSON output, or set output type to "text"',
    });
  }
}

function spawnError(invoke: CliInvoke, error: NodeJS.ErrnoException): UnitError {
  if (error.code === "ENOENT") {
    return new UnitError("CLI_SPAWN", `command not found: ${invoke.command}`, {
      hint: "check that the command is installed and on PATH (the PATH the runtime runs with), or use an absolute path",
    });
  }
  return new UnitError("CLI_SPAWN", `cannot run ${invoke.command}: ${error.message}`, {
    hint: "check that the command exists and is executable",
  });
}

function outcomeResult(invoke: CliInvoke, outcome: CommandOutcome, secrets: readonly string[]): InvokeResult {
  switch (outcome.kind) {
    case "spawn-failed":
      throw spawnError(invoke, outcome.error);
    case "timeout":
      throw new UnitError("TIMEOUT", `${invoke.command} did not finish within ${invoke.timeoutMs} ms`, {
        hint: "raise timeoutMs in the unit file, or ask for less work",
      });
    case "cancelled":
      throw new UnitError("CANCELLED", `${invoke.command} was cancelled`);
    case "exited": {
      if (outcome.code === 0) return stdoutResult(invoke, outcome.output, secrets);
      const how = outcome.signal ? `was killed by ${outcome.signal}` : `exited with code ${outcome.code}`;
      throw new UnitError("CLI_EXIT", `${invoke.command} ${how}`, {
        exitCode: outcome.code,
        excerpt: tail(
          redactOutput(outcome.output.stderrTail(), secrets, { start: outcome.output.stderrTailCut }),
          STDERR_EXCERPT_CHARS,
        ),
      });
    }
  }
}

/** Redacts what an error shows and names where it happened. */
function finalError(error: unknown, context: InvokeContext, secrets: readonly string[]): unknown {
  if (!(error instanceof UnitError)) return error;
  const details: UnitErrorDetails = {
    ...error.details,
    unit: error.details.unit ?? context.unit.id,
    operation: error.details.operation ?? context.operation.name,
  };
  if (details.excerpt !== undefined) details.excerpt = redact(details.excerpt, secrets);
  if (details.hint !== undefined) details.hint = redact(details.hint, secrets);
  return new UnitError(error.code, redact(error.message, secrets), details);
}

/** Runs a CLI action; see the module comment. */
export const invokeCli: Invoker = async (input, context) => {
  let secrets: string[] = [];
  try {
    const invoke = cliInvokeOf(context);
    checkCommand(invoke.command);
    // A unit bound to a project works in the session's project root, not in a folder of its own.
    const cwd = context.projectRoot ?? resolveCwd(invoke.cwd, context.baseDir);
    const argv = buildArgv(invoke.args, checkPathInputs(input, invoke.pathInputs, cwd));
    const childEnv = buildEnv(invoke.env, context.env);
    secrets = childEnv.secrets;
    if (context.signal?.aborted) {
      throw new UnitError("CANCELLED", `${invoke.command} was cancelled before it started`);
    }
    const outcome = await runCommand({
      command: resolveCommand(invoke.command, context.baseDir),
      argv,
      cwd,
      env: childEnv.env,
      timeoutMs: invoke.timeoutMs,
      maxOutputBytes: invoke.maxOutputBytes,
      signal: context.signal,
    });
    return outcomeResult(invoke, outcome, secrets);
  } catch (error) {
    throw finalError(error, context, secrets);
  }
};
