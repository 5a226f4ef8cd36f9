/**
 * What one build keeps for the next (watch mode, `unitc dev`): parsed config and unit files, and
 * each unit's discovery outcome and emitted files. With it, a rebuild parses only the files that changed and
 * rediscovers only the units whose config or local inputs changed; its output is the same as a
 * cold build's.
 */

import { DiscoverMemo } from "../discover/memo.js";
import type { EmitMemo } from "../emit/index.js";
import type { ParseMemo } from "../load/index.js";

export class BuildMemo {
  readonly parsed: ParseMemo = new Map();
  readonly discovered = new DiscoverMemo();
  readonly emitted: EmitMemo = new WeakMap();
}
