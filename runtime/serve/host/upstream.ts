/**
 * The link to an upstream unitc instance (`serve.upstreamUrl`): an MCP client over Streamable HTTP
 * that reads the upstream's catalogue (`unitc/catalog`) and calls its operations (`unitc/call`; a
 * unit the upstream exposes to Code Mode only is called through the upstream's `code_mode` tool, the
 * one way the upstream lets a client call it).
 * While the upstream cannot be reached its units are simply not served; the link keeps retrying
 * with exponential backoff, re-reads the catalogue when the upstream says its tools changed, and
 * pings to notice when it goes away.
 */
import { Client, ProtocolError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import * as z from "zod/v4";
import { SearchIndex } from "../../search/index.js";
import { backoffMs } from "../../shared/retry.js";
import type { CallOutcome } from "../sessions/context.js";
import { ToolFailureError } from "../sessions/results.js";
import { type CatalogUnit, hasDirect, hasProgressive, readCatalog } from "../shared/catalog.js";
import { callThroughCodeMode } from "./upstream-code-mode.js";

export interface UpstreamOptions {
  url: string;
  /** Bearer token the upstream expects (already resolved; never logged). */
  token?: string;
  fetch?: typeof fetch;
  /** Milliseconds between liveness pings while connected (default 15000). */
  pingMs?: number;
  /** Timeout of one upstream call (default 120000). */
  callTimeoutMs?: number;
}

export type UpstreamState = "connecting" | "connected" | "unavailable" | "closed";

/** The upstream's units while connected, with a search index over them. */
export interface UpstreamCatalog {
  url: string;
  units: CatalogUnit[];
  index: SearchIndex;
}

const CallAnswer = z.looseObject({
  ok: z.boolean(),
  value: z.unknown().optional(),
  truncated: z.boolean().optional(),
  error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
});

export class UpstreamLink {
  state: UpstreamState = "connecting";
  private client?: Client;
  private catalog?: UpstreamCatalog;
  private failures = 0;
  private timer?: NodeJS.Timeout;
  private pinger?: NodeJS.Timeout;
  private firstAttempt?: Promise<void>;

  constructor(
    private readonly options: UpstreamOptions,
    private readonly onChange: () => void,
    private readonly log: (line: string) => void,
  ) {}

  /** Starts connecting; resolves when the first attempt has ended, connected or not. */
  start(): Promise<void> {
    this.firstAttempt ??= this.attempt();
    return this.firstAttempt;
  }

  /** The upstream's catalogue while connected. */
  current(): UpstreamCatalog | undefined {
    return this.state === "connected" ? this.catalog : undefined;
  }

  private async attempt(): Promise<void> {
    if (this.state === "closed") return;
    const client = new Client(
      { name: "unitc-stack", version: "1" },
      {
        listChanged: {
          tools: { onChanged: () => void this.refresh(client), debounceMs: 50, autoRefresh: false },
        },
      },
    );
    const token = this.options.token;
    const transport = new StreamableHTTPClientTransport(new URL(this.options.url), {
      ...(token ? { authProvider: { token: async () => token } } : {}),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
    try {
      await client.connect(transport, { timeout: 10_000 });
      this.client = client;
      await this.refresh(client);
      this.failures = 0;
      this.state = "connected";
      this.log(`upstream ${this.options.url}: connected, ${this.catalog?.units.length ?? 0} units`);
      this.pinger = setInterval(() => void this.ping(), this.options.pingMs ?? 15_000);
      this.pinger.unref();
      this.onChange();
    } catch (error) {
      await client.close().catch(() => undefined);
      this.lose(error);
    }
  }

  private async refresh(client: Client): Promise<void> {
    const answer = await client.request({ method: "unitc/catalog", params: {} }, z.looseObject({}));
    const units = readCatalog(answer);
    this.catalog = { url: this.options.url, units, index: SearchIndex.build({ units }) };
    if (this.state === "connected") this.onChange();
  }

  private async ping(): Promise<void> {
    try {
      await this.client?.ping({ timeout: 5_000 });
    } catch (error) {
      this.lose(error);
    }
  }

  /** Drops the connection and schedules the next attempt. */
  private lose(error: unknown): void {
    if (this.state === "closed") return;
    const wasConnected = this.state === "connected";
    clearInterval(this.pinger);
    const client = this.client;
    this.client = undefined;
    void client?.close().catch(() => undefined);
    this.state = "unavailable";
    this.failures += 1;
    const delay = backoffMs(this.failures);
    const reason = error instanceof Error ? error.message : String(error);
    this.log(
      `upstream ${this.options.url}: unavailable (${reason}); local units are still served; retrying in ${delay} ms`,
    );
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.attempt(), delay);
    this.timer.unref();
    if (wasConnected) this.onChange();
  }

  /** Calls an operation of an upstream unit (its ID upstream). */
  async call(unitId: string, operation: string, args: unknown, signal?: AbortSignal): Promise<CallOutcome> {
    const client = this.client;
    if (!client || this.state !== "connected") {
      throw new ToolFailureError({
        code: "UPSTREAM_UNAVAILABLE",
        message: `the upstream serving unit ${unitId} cannot be reached right now`,
        hint: "try again shortly; the link is retried in the background",
      });
    }
    const options = { timeout: this.options.callTimeoutMs ?? 120_000, ...(signal ? { signal } : {}) };
    const unit = this.catalog?.units.find((candidate) => candidate.id === unitId);
    try {
      if (unit && !hasDirect(unit.exposure) && !hasProgressive(unit.exposure)) {
        const tsName = unit.operations.find((op) => op.name === operation)?.tsName ?? operation;
        return await callThroughCodeMode(client, unitId, tsName, args, options);
      }
      const answer = await client.request(
        { method: "unitc/call", params: { unit: unitId, operation, args } },
        CallAnswer,
        options,
      );
      if (!answer.ok) {
        throw new ToolFailureError(
          answer.error ?? { code: "UPSTREAM_ERROR", message: "the upstream call failed" },
        );
      }
      return { value: answer.value, truncated: answer.truncated === true };
    } catch (error) {
      if (error instanceof ToolFailureError) throw error;
      // A JSON-RPC error answer means the link works; anything else (network, session gone) does not.
      if (!signal?.aborted && !(error instanceof ProtocolError)) this.lose(error);
      throw new ToolFailureError({
        code: "UPSTREAM_UNAVAILABLE",
        message: `the upstream call of ${unitId}.${operation} failed: ${error instanceof Error ? error.message : String(error)}`,
        hint: "try again shortly; the link is retried in the background",
      });
    }
  }

  async close(): Promise<void> {
    this.state = "closed";
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    await this.client?.close().catch(() => undefined);
  }
}
