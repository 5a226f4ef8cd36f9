/**
 * The byte cap on a tool result (`maxResponseBytes`, counted on its JSON). A `CallToolResult` over it
 * keeps its content blocks in order while they fit: the text block that crosses the cap is cut, the
 * blocks after it are counted in a line saying so, structured content that does not fit is dropped,
 * other fields go, and a visible marker ends the content. Apply it to a redacted result: cutting can
 * then never leave part of a secret behind.
 */
import { cutBytes, truncationMarker } from "../../shared/redact.js";
import type { CallResult } from "./result.js";

const SETTING = "maxResponseBytes";

/** UTF-8 bytes of a value's JSON text. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");
}

/** The start of `text` whose JSON string form fits in `budget` bytes (escapes count). */
function fitText(text: string, budget: number): string {
  let cut = cutBytes(text, budget);
  for (let over = jsonBytes(cut) - 2 - budget; over > 0; over = jsonBytes(cut) - 2 - budget) {
    cut = cutBytes(cut, Buffer.byteLength(cut, "utf8") - over);
  }
  return cut;
}

type Block = Record<string, unknown>;

function isText(block: unknown): block is { type: "text"; text: string } {
  return (block as Block)?.type === "text" && typeof (block as Block).text === "string";
}

/** Room kept for the line that counts the blocks left out. */
const NOTE_BYTES = 120;

/** The blocks that fit in `budget` bytes, in order; the text block crossing it is cut. */
function fitBlocks(blocks: readonly unknown[], budget: number): Block[] {
  const kept: Block[] = [];
  let left = budget;
  for (const block of blocks) {
    const whole = jsonBytes(block) + 1;
    if (whole <= left) {
      kept.push(block as Block);
      left -= whole;
      continue;
    }
    const shell = isText(block) ? jsonBytes({ ...block, text: "" }) + 1 : Number.POSITIVE_INFINITY;
    if (shell < left)
      kept.push({ ...(block as Block), text: fitText((block as Block).text as string, left - shell) });
    break;
  }
  return kept;
}

/** `result` within `limit` bytes of JSON, and whether anything was cut. */
export function capResult(result: CallResult, limit: number): { result: CallResult; truncated: boolean } {
  if (jsonBytes(result) <= limit) return { result, truncated: false };
  const blocks = Array.isArray(result.content) ? result.content : [];
  const marker: Block = { type: "text", text: truncationMarker(limit, SETTING).trimStart() };
  const shell: CallResult = { content: [marker], ...(result.isError === true ? { isError: true } : {}) };
  const kept = fitBlocks(blocks, limit - jsonBytes(shell) - NOTE_BYTES);
  const rest = blocks.length - kept.length;
  const note: Block[] =
    rest > 0 ? [{ type: "text", text: `[left out: ${rest} more content block(s) (${SETTING})]` }] : [];
  const capped: CallResult = { content: [...kept, ...note, marker] };
  const structured = result.structuredContent;
  if (structured !== undefined && jsonBytes(structured) + jsonBytes(capped) <= limit) {
    capped.structuredContent = structured;
  }
  if (result.isError === true) capped.isError = true;
  return { result: capped, truncated: true };
}
