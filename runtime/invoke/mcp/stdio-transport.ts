/**
 * The stdio transport to a downstream MCP server, spawned the way CLI actions are: no shell, an
 * explicit environment, and its own process group, so closing it ends every process it started.
 * stderr is drained continuously into a bounded tail used in error messages. If the runtime itself
 * dies, the server sees stdin close, which ends a stdio server, and a watchdog ends the rest of its
 * group (see `reaper.ts`). A message longer than the read limit is never buffered past it: it ends
 * the connection with {@link MessageTooLargeError}, which the session reports for the calls in flight.
 * https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#stdio
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { ReadBuffer, STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage } from "@modelcontextprotocol/client";
import { terminateGroup } from "../../shared/process-group.js";
import { unwatchGroup, watchGroup } from "./reaper.js";
import { TailBuffer } from "./tail-buffer.js";

/** Kept stderr bytes: enough for a readable excerpt after redaction. */
const STDERR_TAIL_BYTES = 16_384;
/** How long a server may take to exit after stdin closes before its group is signalled. */
const STDIN_GRACE_MS = 500;
/** Longest wait between SIGTERM and SIGKILL of the group. */
const TERM_GRACE_MS = 1_000;
/** After the server exits, how long a leftover holder of its pipes may keep them before they are cut. */
const RELEASE_MS = 250;

/** The longest message a server may send: the SDK's stdio default (10 MiB). */
export const MAX_MESSAGE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;

/** A server sent a message longer than the read limit; the connection was closed. */
export class MessageTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the MCP server sent a message of more than ${limit} bytes`);
    this.name = "MessageTooLargeError";
  }
}

export interface StdioPlan {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

/** How the server process ended, once it has. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A {@link Transport} over a child process's stdin and stdout. */
export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly stderr = new TailBuffer(STDERR_TAIL_BYTES);
  exit?: ProcessExit;
  /** Why the connection was ended from this side, when it was (a message over the limit). */
  failure?: MessageTooLargeError;
  private child?: ChildProcess;
  private readonly buffer = new ReadBuffer({ maxBufferSize: MAX_MESSAGE_BYTES });
  private closed = false;
  private closing?: Promise<void>;

  constructor(private readonly plan: StdioPlan) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.plan.command, this.plan.args, {
        shell: false,
        detached: true,
        cwd: this.plan.cwd,
        env: this.plan.env,
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
      });
      this.child = child;
      child.once("spawn", () => {
        if (child.pid !== undefined) watchGroup(child.pid);
        this.release(child);
        resolve();
      });
      child.once("error", (error) => {
        if (child.pid === undefined) reject(error);
        else this.onerror?.(error);
      });
      this.watch(child);
    });
  }

  /** Lets the runtime's process exit while the server idles; an in-flight request keeps it alive. */
  private release(child: ChildProcess): void {
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      (stream as unknown as { unref?: () => void } | null)?.unref?.();
    }
  }

  private watch(child: ChildProcess): void {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (this.failure) return;
      try {
        this.buffer.append(chunk);
      } catch {
        // The buffer holds at most one limit's worth: the message cannot be read, so the connection
        // cannot be trusted to stay in step. It is ended; what follows is dropped unread.
        this.tooLarge();
        return;
      }
      this.drain();
    });
    child.stderr?.on("data", (chunk: Buffer) => this.stderr.push(chunk));
    child.stdin?.on("error", (error) => this.onerror?.(error));
    child.stdout?.on("error", (error) => this.onerror?.(error));
    child.once("exit", (code, signal) => {
      this.exit = { code, signal };
      // A grandchild may still hold the pipes; do not wait for it to let go.
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, RELEASE_MS).unref();
    });
    child.once("close", () => this.finish());
  }

  private tooLarge(): void {
    this.failure = new MessageTooLargeError(MAX_MESSAGE_BYTES);
    this.buffer.clear();
    this.onerror?.(this.failure);
    void this.close();
  }

  private drain(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer.clear();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.closed || stdin.destroyed) {
        reject(new Error("the MCP server is not running"));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", () => resolve());
    });
  }

  /** Closes stdin, then ends the whole process group (SIGTERM, then SIGKILL). */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return this.finish();
    child.stdin?.end();
    if (this.exit === undefined) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, STDIN_GRACE_MS);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await terminateGroup(child, TERM_GRACE_MS);
    if (child.pid !== undefined) unwatchGroup(child.pid);
    child.stdout?.destroy();
    child.stderr?.destroy();
    this.finish();
  }
}
