/**
 * Asking the person through MCP elicitation (form mode, `elicitation/create`) whether a call may be
 * made: the message names the unit and the operation and shows the arguments as the model wrote
 * them; the form has no fields, its accept or decline is the answer. Anything but an accept (a
 * decline, a cancel, no answer in time, the request cancelled) refuses the call with
 * `CONFIRMATION_DECLINED`; a client that cannot ask refuses it with `CONFIRMATION_UNAVAILABLE`.
 */
import type { ElicitRequestFormParams, ElicitResult, ServerContext } from "@modelcontextprotocol/server";
import { UnitError } from "../../contract/errors.js";
import { shownText } from "../../shared/shown-text.js";

/** The session side of one request: whether its client can be asked, and the asking. */
export interface Elicitor {
  /** True when the client declared form elicitation (a bare `elicitation: {}` counts as form). */
  canAsk(): boolean;
  ask(
    params: ElicitRequestFormParams,
    options: { signal: AbortSignal; timeout: number },
  ): Promise<ElicitResult>;
}

/** What the person is asked about. */
export interface ConfirmQuestion {
  /** The unit's served ID and its display name. */
  unitId: string;
  unitName?: string;
  /** The operation's name as the model called it. */
  operation: string;
  /** Why it needs confirming, in words. */
  reason: string;
  input: unknown;
}

/** Longest argument text shown; the rest is cut with a marker. */
const MAX_ARGS_TEXT = 4_000;

/** The elicitor of the request `ctx` belongs to, on its session's `server`. */
export function requestElicitor(
  server: { getClientCapabilities(): { elicitation?: { form?: object; url?: object } } | undefined },
  ctx: Pick<ServerContext, "mcpReq">,
): Elicitor {
  return {
    canAsk() {
      const elicitation = server.getClientCapabilities()?.elicitation;
      if (!elicitation) return false;
      return elicitation.form !== undefined || elicitation.url === undefined;
    },
    // Sent as part of the request, so over HTTP it travels on that request's own response stream.
    ask: (params, options) => ctx.mcpReq.elicitInput(params, options),
  };
}

/** The message: who asks about what, why, the arguments, and what each answer does. */
export function confirmMessage(question: ConfirmQuestion): string {
  const named = question.unitName && question.unitName !== question.unitId ? ` (${question.unitName})` : "";
  let args = JSON.stringify(question.input ?? {}, null, 2) ?? "{}";
  if (args.length > MAX_ARGS_TEXT) args = `${args.slice(0, MAX_ARGS_TEXT)}\n[cut: the arguments are longer]`;
  return shownText(
    [
      `Allow ${question.unitId}.${question.operation}${named}? unitc asks because ${question.reason}.`,
      "Arguments as the model wrote them:",
      args,
      "Accept to make the call; decline to refuse it.",
    ].join("\n"),
    [],
  );
}

function declined(question: ConfirmQuestion, why: string): UnitError {
  return new UnitError(
    "CONFIRMATION_DECLINED",
    `the person declined ${question.unitId}.${question.operation}: ${why}; the call was not made`,
    { hint: "do not retry it unasked; tell the person what you meant to do, or do something else" },
  );
}

/** The client cannot be asked, so the call is not made. */
export function unavailable(question: ConfirmQuestion, why: string): UnitError {
  return new UnitError(
    "CONFIRMATION_UNAVAILABLE",
    `${question.unitId}.${question.operation} needs the person's confirmation, and ${why}; the call was not made`,
    {
      hint: "use an MCP client that declares the elicitation capability (form mode), or ask the operator to lift the confirm setting",
    },
  );
}

/**
 * Asks the person about `question`; resolves when they accept, throws `CONFIRMATION_DECLINED` or
 * `CONFIRMATION_UNAVAILABLE` otherwise. `signal` ends the wait (the request or the script ended).
 */
export async function askPerson(
  elicitor: Elicitor,
  question: ConfirmQuestion,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  if (!elicitor.canAsk())
    throw unavailable(question, "this MCP client did not declare the elicitation capability");
  const timer = AbortSignal.timeout(timeoutMs);
  const waiting = signal ? AbortSignal.any([signal, timer]) : timer;
  const params: ElicitRequestFormParams = {
    mode: "form",
    message: confirmMessage(question),
    requestedSchema: { type: "object", properties: {} },
  };
  let answer: ElicitResult;
  try {
    // The SDK's own timeout is left just beyond ours, so ours is the one that ends the wait.
    answer = await elicitor.ask(params, { signal: waiting, timeout: timeoutMs + 1_000 });
  } catch (error) {
    if (timer.aborted) throw declined(question, `no answer within ${Math.round(timeoutMs / 1000)} s`);
    if (signal?.aborted) throw declined(question, "the request ended before the person answered");
    throw unavailable(question, `the client could not ask: ${(error as Error).message}`);
  }
  if (answer.action === "accept") return;
  throw declined(question, answer.action === "cancel" ? "they cancelled the question" : "they said no");
}
