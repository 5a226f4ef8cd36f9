/**
 * What a failed `tools/call` means to the caller: a timeout (the SDK has already sent
 * `notifications/cancelled`), a cancellation, a crashed server (with its stderr tail), a message too
 * large to read, a protocol error, or output that breaks the tool's schema. Every text shown is
 * bounded and redacted.
 */
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { UnitError } from "../../contract/errors.js";
import { head, redact } from "../../shared/redact.js";
import type { MessageTooLargeError, ProcessExit } from "./stdio-transport.js";

const MESSAGE_CHARS = 1_000;

/** What is known about the connection a call failed on. */
export interface FailedCall {
  /** `unit.operation`, for messages. */
  where: string;
  unitId: string;
  callTimeoutMs: number;
  secrets: readonly string[];
  /** True when the connection was lost (the server exited or the stream closed) during the call. */
  lost: boolean;
  exit?: ProcessExit;
  /** Set when this side ended the connection because a message was over the read limit. */
  failure?: MessageTooLargeError;
  stderrTail: string;
  signal?: AbortSignal;
}

/** True for the Streamable HTTP answer to a request on a session the server no longer knows. */
export function isSessionGone(error: unknown): boolean {
  return error instanceof SdkError && (error.data as { status?: unknown } | undefined)?.status === 404;
}

function exitText(exit: ProcessExit | undefined): string {
  if (!exit) return "closed the connection";
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

/** The server sent a message longer than the read limit, so its connection was closed. */
export function tooLargeError(unitId: string, where: string, limit: number): UnitError {
  return new UnitError(
    "MCP_MESSAGE_TOO_LARGE",
    `the MCP server of unit ${unitId} sent a message of more than ${limit} bytes during ${where}; its connection was closed`,
    {
      hint: "ask the tool for less (filter or paginate); the server is started afresh on the next call",
    },
  );
}

/** The server went away while the call was in flight (or was cut off for an over-size message). */
export function crashedError(call: FailedCall): UnitError {
  if (call.failure) return tooLargeError(call.unitId, call.where, call.failure.limit);
  return new UnitError(
    "MCP_CRASHED",
    `the MCP server of unit ${call.unitId} ${exitText(call.exit)} during ${call.where}`,
    {
      ...(call.stderrTail ? { excerpt: call.stderrTail } : {}),
      hint: "the call may or may not have taken effect; the server is restarted on the next call",
    },
  );
}

/** An error's message, with the code of its cause (`fetch failed (ECONNREFUSED)`). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof cause === "string" ? `${error.message} (${cause})` : error.message;
}

/** Maps an error thrown by `client.callTool` to a `UnitError` with a stable code. */
export function callError(error: unknown, call: FailedCall): unknown {
  if (error instanceof UnitError) return error;
  if (call.signal?.aborted) return new UnitError("CANCELLED", `${call.where} was cancelled`);
  if (call.failure) return crashedError(call);
  const message = head(redact(describe(error), call.secrets), MESSAGE_CHARS);
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new UnitError("TIMEOUT", `${call.where} did not finish within ${call.callTimeoutMs} ms`, {
      hint: "the downstream was told to cancel; raise callTimeoutMs for the server, or ask for less work",
    });
  }
  if (call.lost || (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed)) {
    return crashedError(call);
  }
  if (error instanceof ProtocolError) {
    if (/output schema|structured content/i.test(message)) {
      return new UnitError(
        "OUTPUT_INVALID",
        `${call.where} returned output that breaks its schema: ${message}`,
        {
          hint: "the downstream server changed or breaks its schema; recompile, or report it upstream",
        },
      );
    }
    return new UnitError("MCP_PROTOCOL_ERROR", `the MCP server rejected ${call.where}: ${message}`, {
      hint: "if the server changed since the bundle was compiled, run unitc compile again",
    });
  }
  return new UnitError("MCP_PROTOCOL_ERROR", `${call.where} failed: ${message}`);
}
