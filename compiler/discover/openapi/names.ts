/**
 * Operation names: the `operationId`, else the method and path sanitised (`GET /users/{id}` →
 * `get_users_id`). When two operations want the same name, the first in document order keeps it and
 * each later one gets a short stable hash of its method and path; every such rename is a warning.
 * https://spec.openapis.org/oas/v3.1.0#fixed-fields-7 (operationId)
 */
import { createHash } from "node:crypto";

export interface NamedOperation {
  method: string;
  path: string;
  operationId?: unknown;
}

export interface NameCollision {
  index: number;
  wanted: string;
  name: string;
  /** Index of the operation that kept the wanted name. */
  keptBy: number;
}

/** `GET /users/{id}` → `get_users_id`. */
export function fallbackName(method: string, path: string): string {
  const tail = path.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  return tail === "" ? method.toLowerCase() : `${method.toLowerCase()}_${tail}`;
}

/** One unique name per operation, in input order, plus the collisions resolved on the way. */
export function operationNames(operations: readonly NamedOperation[]): {
  names: string[];
  collisions: NameCollision[];
} {
  const taken = new Map<string, number>();
  const collisions: NameCollision[] = [];
  const names = operations.map((op, index) => {
    const wanted =
      typeof op.operationId === "string" && op.operationId.trim() !== ""
        ? op.operationId
        : fallbackName(op.method, op.path);
    let name = wanted;
    const keptBy = taken.get(wanted);
    if (keptBy !== undefined) {
      name = `${wanted}_${createHash("sha256").update(`${op.method} ${op.path}`).digest("hex").slice(0, 6)}`;
      while (taken.has(name)) name = `${name}_`;
      collisions.push({ index, wanted, name, keptBy });
    }
    taken.set(name, index);
    return name;
  });
  return { names, collisions };
}
