/**
 * One downstream MCP server of a runtime: started on the first call, shared by concurrent calls
 * (responses are matched by JSON-RPC id), restarted with exponential backoff after a crash or a
 * failed start (never given up), re-initialised once when an HTTP server forgets the session, and
 * checked for drift against the compiled schema hashes whenever its tool list is (re)read.
 */
import { setTimeout as delay } from "node:timers/promises";
import type { Tool } from "@modelcontextprotocol/client";
import { UnitError } from "../../contract/errors.js";
import type { ManifestOperation, ManifestUnit, McpConnection, McpInvoke } from "../../contract/manifest.js";
import { downstreamTrace } from "../../observe/spans.js";
import { redactJson } from "../../shared/redact.js";
import type { RuntimeEvent } from "../../shared/resources.js";
import { backoffMs } from "../../shared/retry.js";
import type { InvokeResult } from "../shared/types.js";
import { callError, crashedError, type FailedCall, isSessionGone } from "./call-errors.js";
import { listedTools, type OpenConnection, openMcp } from "./connect.js";
import { describeDrift, detectDrift, type ToolDrift } from "./drift.js";
import { type CallResult, callValue } from "./result.js";
import { MAX_MESSAGE_BYTES } from "./stdio-transport.js";
import type { ForwardMethod, SessionHandle, SessionOptions } from "./types.js";

/** One connection, from start until it is lost or closed. */
interface Live {
  open: OpenConnection;
  drift: Map<string, ToolDrift>;
  lost: boolean;
  closing: boolean;
}

/** One call, as `call` received it. */
interface Call {
  operation: ManifestOperation;
  invoke: McpInvoke;
  input: unknown;
  signal: AbortSignal | undefined;
  where: string;
}

export class McpSession implements SessionHandle {
  private live?: Promise<Live>;
  /** The connection `live` resolved to, while it is up. */
  private current?: Live;
  private failures = 0;
  private retryAt = 0;
  private closed = false;

  constructor(
    readonly unit: ManifestUnit,
    private readonly options: SessionOptions,
  ) {}

  private get connection(): McpConnection {
    return this.unit.connection as McpConnection;
  }

  /** Calls one compiled operation's tool; see the module comment for what happens on failure. */
  async call(operation: ManifestOperation, input: unknown, signal?: AbortSignal): Promise<InvokeResult> {
    const invoke = operation.invoke as McpInvoke;
    const where = `${this.unit.id}.${operation.tsName}`;
    const call = { operation, invoke, input, signal, where };
    let live = await this.connected(signal);
    try {
      return await this.callOn(live, call, true);
    } catch (error) {
      if (!isSessionGone(error)) throw error;
      // The HTTP server forgot the session (restarted, expired): initialise afresh, retry once.
      await this.drop(live);
      live = await this.connected(signal);
      return await this.callOn(live, call, false);
    }
  }

  /**
   * Forwards `resources/read` or `prompts/get` to the downstream server (a lost HTTP session is
   * re-initialised once, as for calls); the answer comes back with the unit's secrets redacted.
   */
  async forward(
    method: ForwardMethod,
    params: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const where = `${this.unit.id} ${method}`;
    const once = async (live: Live, mayRetry: boolean): Promise<unknown> => {
      const options = {
        timeout: this.connection.callTimeoutMs,
        maxTotalTimeout: this.connection.callTimeoutMs,
        ...(signal ? { signal } : {}),
      };
      try {
        const { client } = live.open;
        const answer =
          method === "resources/read"
            ? await client.readResource(params as { uri: string }, options)
            : await client.getPrompt(params as { name: string }, options);
        return redactJson(answer, live.open.secrets);
      } catch (error) {
        if (mayRetry && isSessionGone(error)) throw error;
        throw callError(error, this.failed(live, where, signal));
      }
    };
    let live = await this.connected(signal);
    try {
      return await once(live, true);
    } catch (error) {
      if (!isSessionGone(error)) throw error;
      await this.drop(live);
      live = await this.connected(signal);
      return await once(live, false);
    }
  }

  /** One attempt; a lost HTTP session is passed on untranslated when `mayRetry`, for `call` to retry. */
  private async callOn(live: Live, call: Call, mayRetry: boolean): Promise<InvokeResult> {
    const { operation, invoke, input, signal, where } = call;
    const drift = live.drift.get(operation.name);
    if (drift) {
      throw new UnitError(
        "MCP_SCHEMA_DRIFT",
        `${describeDrift(this.unit.id, [drift])}; ${where} is withheld`,
        {
          hint: "the downstream server changed: run unitc compile to pick up its new tools, then review the diff",
        },
      );
    }
    const timeoutMs = this.connection.callTimeoutMs;
    let raw: CallResult;
    try {
      const args = (input ?? {}) as Record<string, unknown>;
      const trace = downstreamTrace();
      raw = (await live.open.client.callTool(
        { name: invoke.tool, arguments: args, ...(trace ? { _meta: trace } : {}) },
        { timeout: timeoutMs, maxTotalTimeout: timeoutMs, ...(signal ? { signal } : {}) },
      )) as CallResult;
    } catch (error) {
      if (mayRetry && isSessionGone(error)) throw error;
      throw callError(error, this.failed(live, where, signal));
    }
    this.failures = 0;
    return callValue(raw, invoke, {
      where,
      secrets: live.open.secrets,
      // A bundle compiled before the setting existed is bounded by the message limit alone.
      maxResponseBytes: this.connection.maxResponseBytes ?? MAX_MESSAGE_BYTES,
    });
  }

  private failed(live: Live, where: string, signal: AbortSignal | undefined): FailedCall {
    return {
      where,
      unitId: this.unit.id,
      callTimeoutMs: this.connection.callTimeoutMs,
      secrets: live.open.secrets,
      lost: live.lost,
      exit: live.open.exit(),
      ...(live.open.failure() ? { failure: live.open.failure() } : {}),
      stderrTail: live.open.stderrTail(),
      ...(signal ? { signal } : {}),
    };
  }

  /** The current connection, starting one (after the backoff) when there is none. */
  private connected(signal: AbortSignal | undefined): Promise<Live> {
    if (this.closed) {
      return Promise.reject(new UnitError("RUNTIME_CLOSED", "this runtime was closed"));
    }
    if (signal?.aborted) return Promise.reject(new UnitError("CANCELLED", "the call was cancelled"));
    this.live ??= this.start().catch((error: unknown) => {
      this.live = undefined;
      this.noteFailure();
      throw error;
    });
    return this.live;
  }

  private noteFailure(): void {
    this.failures += 1;
    this.retryAt = Date.now() + backoffMs(this.failures);
  }

  private async start(): Promise<Live> {
    const wait = this.retryAt - Date.now();
    if (wait > 0) await delay(wait);
    const live = { drift: new Map(), lost: false, closing: false } as unknown as Live;
    try {
      live.open = await openMcp(this.connection, {
        unitId: this.unit.id,
        env: this.options.env,
        baseDir: this.options.baseDir,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
        ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
        ...(this.options.oauth ? { oauth: this.options.oauth } : {}),
        onToolsChanged: (error, tools) => this.toolsChanged(live, error, tools),
      });
    } catch (error) {
      this.emit("mcp.start_failed", error instanceof Error ? error.message : String(error));
      throw error;
    }
    live.open.client.onclose = () => this.lost(live);
    try {
      this.applyDrift(live, await listedTools(live.open.client));
    } catch (error) {
      await live.open.close();
      throw callError(error, this.failed(live, `${this.unit.id} (tools/list)`, undefined));
    }
    this.current = live;
    this.emit("mcp.started", `MCP server of unit ${this.unit.id} started`);
    return live;
  }

  /** The connection ended without being closed here: a crash. The next call restarts it. */
  private lost(live: Live): void {
    // Closing an HTTP transport reports the close again: the loss is handled once.
    if (live.lost) return;
    live.lost = true;
    if (live.closing) return;
    this.forget(live);
    this.noteFailure();
    const crash = crashedError(this.failed(live, "a call", undefined));
    this.emit("mcp.crashed", crash.message);
    void live.open.close();
  }

  private toolsChanged(live: Live, error: Error | null, tools: Tool[] | null): void {
    if (error || !tools) return;
    this.applyDrift(live, tools);
  }

  private applyDrift(live: Live, tools: readonly Tool[]): void {
    const drift = detectDrift(this.unit, tools, live.open.secrets);
    live.drift = new Map(drift.map((d) => [d.operation, d]));
    if (drift.length > 0) {
      const tools = drift.map((d) => ({ operation: d.operation, change: d.change }));
      this.options.onEvent({
        type: "mcp.drift",
        unit: this.unit.id,
        message: describeDrift(this.unit.id, drift),
        tools,
      });
    }
  }

  private emit(type: RuntimeEvent["type"], message: string): void {
    this.options.onEvent({ type, unit: this.unit.id, message });
  }

  private forget(live: Live): void {
    if (this.current !== live) return;
    this.current = undefined;
    this.live = undefined;
  }

  private async drop(live: Live): Promise<void> {
    live.closing = true;
    this.forget(live);
    await live.open.close();
  }

  /** Closes the connection and ends the server's process group. */
  async close(): Promise<void> {
    this.closed = true;
    const live = await this.live?.catch(() => undefined);
    this.live = undefined;
    this.current = undefined;
    if (!live) return;
    live.closing = true;
    await live.open.close();
  }
}
