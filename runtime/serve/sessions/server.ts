/**
 * One MCP server (protocol instance) over a serve context. HTTP makes one per session, stdio one per
 * process, so no session ever sees another's traffic. Besides `tools/list` and `tools/call` it
 * answers two unitc methods that stacked instances use: `unitc/catalog` and `unitc/call` (only for
 * units with a direct or progressive part, as a stacked instance serves them).
 */
import {
  type CallToolResult,
  type ListToolsResult,
  ProtocolError,
  ProtocolErrorCode,
  Server,
} from "@modelcontextprotocol/server";
import * as z from "zod/v4";
import { observeRequests } from "../../observe/spans.js";
import { auditedStackCalls, auditedToolCalls } from "../audit/record-call.js";
import { type AuditTrail, auditOption } from "../audit/trail.js";
import { requestElicitor } from "../confirm/ask.js";
import { confirmingContext } from "../confirm/gate.js";
import type { ConfirmOptions } from "../confirm/policy.js";
import {
  type CatalogOperation,
  catalogOf,
  hasDirect,
  hasProgressive,
  type ServedUnit,
} from "../shared/catalog.js";
import { callCodeMode } from "./code-mode.js";
import type { ServeContext, Snapshot } from "./context.js";
import { callProgressive } from "./progressive.js";
import { boundContext, sessionRoots, unboundSnapshot } from "./project-binding.js";
import {
  getPrompt,
  listPrompts,
  listResources,
  listResourceTemplates,
  readResource,
} from "./resources-prompts.js";
import { callOperation, failureOf, failureResult, valueResult } from "./results.js";
import { callSearchTools } from "./search-tool.js";
import { listedOutputSchema } from "./tools.js";

/** Tools per `tools/list` page. */
export const TOOLS_PAGE_SIZE = 1_000;

export interface McpServerOptions {
  version: string;
  /**
   * The operator's project root (`--project-root`); a client's roots inside it narrow it, and without
   * it the client's first root is used (over stdio only). Units bound to a project are served only
   * with a root.
   */
  projectRoot?: string;
  /** The client reaches this server over the network (HTTP): its roots count only inside `projectRoot`. */
  remote?: boolean;
  /** The HTTP principal the session acts for: Code Mode engines are shared fairly between principals. */
  principal?: string;
  /** Where each call's audit record goes (none: calls are not recorded). */
  audit?: AuditTrail;
  /** The serve config's confirmation settings (units' own `confirm` apply without them). */
  confirm?: ConfirmOptions;
}

function listTools(snapshot: Snapshot, cursor: string | undefined): ListToolsResult {
  const start = cursor === undefined ? 0 : Number(Buffer.from(cursor, "base64url").toString("utf8"));
  const tools = snapshot.table.tools;
  if (!Number.isInteger(start) || start < 0 || start > tools.length) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor for tools/list");
  }
  const end = start + TOOLS_PAGE_SIZE;
  return {
    tools: tools.slice(start, end),
    ...(end < tools.length ? { nextCursor: Buffer.from(String(end)).toString("base64url") } : {}),
  };
}

async function callDirect(
  server: Server,
  context: ServeContext,
  unit: ServedUnit,
  operation: CatalogOperation,
  args: unknown,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const outcome = await callOperation(context, unit, operation, args, signal);
  if (!outcome.ok) return failureResult(outcome.failure);
  // Shaped by the schema the tool listed: a derived one is checked but not advertised.
  const listed = listedOutputSchema(operation) === undefined ? undefined : outcome.outputSchema;
  return server.projectCallToolResult(valueResult(outcome.value, outcome.truncated), listed);
}

async function callToolOf(
  server: Server,
  context: ServeContext,
  name: string,
  args: unknown,
  signal: AbortSignal,
  principal: string | undefined,
  meta?: Record<string, unknown>,
): Promise<CallToolResult> {
  const snapshot = context.snapshot();
  const target = snapshot.table.targets.get(name);
  if (!target) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
  switch (target.kind) {
    case "search":
      return callSearchTools(snapshot, args);
    case "code_mode":
      return callCodeMode(context, args, {
        session: server,
        signal,
        ...(principal ? { principal } : {}),
        ...(meta ? { meta } : {}),
      });
    case "progressive":
      return server.projectCallToolResult(
        await callProgressive(context, snapshot, name, target.unit, args, signal),
        undefined,
      );
    case "direct":
      return callDirect(server, context, target.unit, target.operation, args, signal);
  }
}

const CallParams = z.object({ unit: z.string(), operation: z.string(), args: z.unknown().optional() });

/**
 * `unitc/call`: calls an operation of a served unit for a stacked instance. Any client can send this
 * method, so a unit without a direct or progressive part is not called here: a stacked instance calls
 * such a unit through this instance's `code_mode` tool, as any other client would.
 */
async function callStackOf(context: ServeContext, params: z.infer<typeof CallParams>, signal: AbortSignal) {
  const unit = context.snapshot().byId.get(params.unit);
  if (!unit) {
    return {
      ok: false,
      error: { code: "UNKNOWN_UNIT", message: `no unit ${JSON.stringify(params.unit)} is served here` },
    };
  }
  const exposure = unit.unit.exposure;
  if (!hasDirect(exposure) && !hasProgressive(exposure)) {
    return {
      ok: false,
      error: {
        code: "NOT_EXPOSED",
        message: `unit ${unit.id} is exposed as ${exposure}: its operations are not called through unitc/call`,
        hint: "call it from a Code Mode script (the code_mode tool)",
      },
    };
  }
  try {
    const outcome = await context.call(unit, params.operation, params.args ?? {}, signal);
    return { ok: true, value: outcome.value, truncated: outcome.truncated };
  } catch (error) {
    return { ok: false, error: failureOf(error) };
  }
}

function instructions(snapshot: Snapshot): string {
  return (
    `unitc serves ${snapshot.units.length} units. Find operations with search_tools ({"query": "what you want ` +
    `to do"}); each hit says which tool calls it. Progressive unit tools take {"operation": "list" | "search" | ` +
    `"describe" | "call"}.`
  );
}

/**
 * The options of a session's server on `host`; `principal` for a client over the network (HTTP), the
 * caller it authenticated as.
 */
export function serverOptions(
  host: { projectRoot: string | undefined; confirm?: ConfirmOptions | undefined },
  version: string,
  principal: string | undefined,
): McpServerOptions {
  return {
    version,
    ...(host.confirm !== undefined ? { confirm: host.confirm } : {}),
    remote: principal !== undefined,
    ...(principal !== undefined ? { principal } : {}),
    ...auditOption(host),
    ...(host.projectRoot !== undefined ? { projectRoot: host.projectRoot } : {}),
  };
}

/** The server as the client first meets it: unitc's name, its capabilities and the instructions. */
function newServer(sessionContext: ServeContext, options: McpServerOptions): Server {
  return new Server(
    { name: "unitc", version: options.version },
    {
      capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} },
      // Before the client's roots are known, bound units count only with the operator's root.
      instructions: instructions(
        options.projectRoot !== undefined
          ? sessionContext.snapshot()
          : unboundSnapshot(sessionContext.snapshot()),
      ),
    },
  );
}

/** A new MCP server over `context`. */
export function createMcpServer(sessionContext: ServeContext, options: McpServerOptions): Server {
  const server = newServer(sessionContext, options);
  observeRequests(server, options.principal);
  const roots = sessionRoots(server, options.projectRoot, options.remote === true, () => {
    server.sendToolListChanged().catch(() => undefined);
  });
  const context = boundContext(sessionContext, roots);
  // A client with roots is asked for them on `initialized`: what it lists and calls waits for the answer.
  const settled = <T>(answer: () => T | Promise<T>) => roots.settled().then(answer);
  const [callTool, callForStack] = [
    auditedToolCalls(options, callToolOf),
    auditedStackCalls(options, callStackOf),
  ];
  server.setRequestHandler("tools/list", (request) =>
    settled(() => listTools(context.snapshot(), request.params?.cursor)),
  );
  server.setRequestHandler("tools/call", (request, ctx) =>
    settled(() =>
      callTool(
        server,
        confirmingContext(context, requestElicitor(server, ctx), options.confirm),
        request.params.name,
        request.params.arguments,
        ctx.mcpReq.signal,
        options.principal,
        request.params._meta,
      ),
    ),
  );
  server.setRequestHandler("resources/list", () => settled(() => listResources(context)));
  server.setRequestHandler("resources/templates/list", () => settled(() => listResourceTemplates(context)));
  server.setRequestHandler("resources/read", (request, ctx) =>
    readResource(context, request.params.uri, ctx.mcpReq.signal),
  );
  server.setRequestHandler("prompts/list", () => settled(() => listPrompts(context)));
  server.setRequestHandler("prompts/get", (request, ctx) =>
    getPrompt(context, request.params.name, request.params.arguments, ctx.mcpReq.signal),
  );
  server.setRequestHandler("unitc/catalog", { params: z.looseObject({}) }, () => ({
    ...catalogOf(context.snapshot().units),
  }));
  server.setRequestHandler("unitc/call", { params: CallParams }, (params, ctx) =>
    callForStack(
      confirmingContext(context, requestElicitor(server, ctx), options.confirm),
      params,
      ctx.mcpReq.signal,
    ),
  );
  return server;
}
