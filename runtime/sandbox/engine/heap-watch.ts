/**
 * Notices that a run came close to filling the engine's wasm memory. Out of memory, QuickJS may fail
 * to make even its own error, so the script seems to throw null or a promise it awaits is never
 * settled; by the time the run ends, unwinding has freed the memory and a probe made then finds
 * room. So while the script runs (from the interrupt handler) a block is allocated straight from
 * the wasm allocator and freed at once, every few milliseconds: when that fails, the heap was full.
 * The block never counts against the run's QuickJS limit and never touches the script's objects.
 */
import type { QuickJSRuntime } from "quickjs-emscripten-core";

/** Free room a heap that is not nearly full still has (well above what an error object needs). */
const HEADROOM_BYTES = 2 * 1024 * 1024;
/** How often the room is checked while a script runs. */
const CHECK_EVERY_MS = 2;

interface Allocator {
  _malloc(bytes: number): number;
  _free(pointer: number): void;
}

/** The wasm allocator under a QuickJS runtime, when the build exposes it. */
function allocatorOf(runtime: QuickJSRuntime): Allocator | undefined {
  const module = (runtime as unknown as { module?: Partial<Allocator> }).module;
  if (typeof module?._malloc !== "function" || typeof module._free !== "function") return undefined;
  return module as Allocator;
}

export class HeapWatch {
  private readonly allocator: Allocator | undefined;
  private checkedAt = 0;
  /** Set once a check found less than the headroom free. */
  exhausted = false;

  constructor(runtime: QuickJSRuntime) {
    this.allocator = allocatorOf(runtime);
  }

  /** Checks the room left, at most every few milliseconds; `now` is the caller's clock reading. */
  check(now: number): void {
    if (this.exhausted || !this.allocator || now - this.checkedAt < CHECK_EVERY_MS) return;
    this.checkedAt = now;
    const block = this.allocator._malloc(HEADROOM_BYTES);
    if (block === 0) this.exhausted = true;
    else this.allocator._free(block);
  }
}
