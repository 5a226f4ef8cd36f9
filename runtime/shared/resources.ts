/**
 * What a runtime owns beyond a single call: long-lived connections (a downstream MCP server and its
 * process), created on first use, shared by concurrent calls, and closed with the runtime.
 */
import { UnitError } from "../contract/errors.js";

/** Something a runtime must close when it is closed. */
export interface Closeable {
  close(): Promise<void>;
}

/** A notice from the runtime about a backend (a downstream crashed, its tools changed…). */
export interface RuntimeEvent {
  type: "mcp.started" | "mcp.crashed" | "mcp.start_failed" | "mcp.drift";
  unit: string;
  message: string;
  /** For `mcp.drift`: each compiled operation whose tool changed, and how. */
  tools?: Array<{ operation: string; change: string }>;
}

/** The key of a unit's resource of some kind (`mcp:<unit>`). */
export function resourceKey(kind: string, unitId: string): string {
  return `${kind}:${unitId}`;
}

/** The unit a {@link resourceKey} belongs to. */
export function resourceUnit(key: string): string {
  // A unit bound to a project has one resource per project root, after a NUL.
  const end = key.indexOf("\u0000");
  return key.slice(key.indexOf(":") + 1, end === -1 ? undefined : end);
}

/** The long-lived resources of one runtime, keyed by name. */
export class RuntimeResources {
  private readonly items = new Map<string, Closeable>();
  private closed = false;

  constructor(readonly onEvent: (event: RuntimeEvent) => void = () => undefined) {}

  /** The resource named `key`, created by `create` on first use; throws `RUNTIME_CLOSED` after close. */
  get<T extends Closeable>(key: string, create: () => T): T {
    if (this.closed) {
      throw new UnitError("RUNTIME_CLOSED", "this runtime was closed", {
        hint: "create a new runtime (createUnits / createRuntime) to call units again",
      });
    }
    let item = this.items.get(key);
    if (!item) {
      item = create();
      this.items.set(key, item);
    }
    return item as T;
  }

  /**
   * Moves the resources whose keys `keep` accepts to `to` (a runtime over a newer bundle, where the
   * unit they serve is unchanged): they stay open when this runtime closes.
   */
  handOver(to: RuntimeResources, keep: (key: string) => boolean): void {
    for (const [key, item] of this.items) {
      if (!keep(key) || to.items.has(key)) continue;
      to.items.set(key, item);
      this.items.delete(key);
    }
  }

  /** Closes every resource (ending their processes); later calls fail with `RUNTIME_CLOSED`. */
  async close(): Promise<void> {
    this.closed = true;
    const items = [...this.items.values()];
    this.items.clear();
    await Promise.allSettled(items.map((item) => item.close()));
  }
}
