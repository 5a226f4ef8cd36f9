/**
 * Whose Code Mode run this is: the serving side sets the owner (an HTTP principal) around a run, and
 * the sandbox pool reads it to share engines fairly between owners. Kept apart from the pool so
 * serving can set it without loading the sandbox.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The owner of the runs started inside `runOwner.run(owner, …)`; undefined: nobody in particular. */
export const runOwner = new AsyncLocalStorage<string>();
