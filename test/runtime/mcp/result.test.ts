/** Call results: structured content, the whole result, tool errors, redaction; and the stderr tail. */
import { describe, expect, it } from "vitest";
import { UnitError } from "../../../runtime/errors.js";
import { callValue } from "../../../runtime/mcp/result.js";
import { backoffMs } from "../../../runtime/mcp/session.js";
import { TailBuffer } from "../../../runtime/mcp/tail-buffer.js";

const structured = { kind: "mcp", tool: "t", result: "structured" } as const;
const whole = { kind: "mcp", tool: "t", result: "callToolResult" } as const;
const text = (value: string) => [{ type: "text", text: value }];

describe("callValue", () => {
  it.each([
    ["structured content", { content: text("{}"), structuredContent: { a: 1 } }, structured, { a: 1 }],
    ["structured content sent only as JSON text", { content: text('{"a":2}') }, structured, { a: 2 }],
    ["the whole result", { content: text("hi") }, whole, { content: text("hi") }],
    [
      "secrets redacted, keys included",
      { content: text("token s3cr3t-value"), structuredContent: { "s3cr3t-value": 1 } },
      whole,
      { content: text("token [redacted]"), structuredContent: { "[redacted]": 1 } },
    ],
  ])("%s", (_name, raw, invoke, want) => {
    expect(callValue(raw, invoke, "u.t", ["s3cr3t-value"])).toEqual({ value: want, truncated: false });
  });

  it("throws MCP_TOOL_ERROR with the tool's text, bounded and redacted", () => {
    const raw = { content: text(`bad s3cr3t-value ${"x".repeat(5000)}`), isError: true };
    const error = (() => {
      try {
        callValue(raw, whole, "u.t", ["s3cr3t-value"]);
      } catch (caught) {
        return caught as UnitError;
      }
    })();
    expect(error).toBeInstanceOf(UnitError);
    expect(error?.code).toBe("MCP_TOOL_ERROR");
    expect(error?.message.startsWith("u.t reported an error: bad [redacted] xxx")).toBe(true);
    expect(error?.message.length).toBeLessThan(2_100);
  });

  it("throws OUTPUT_INVALID when a structured tool sends no structured content", () => {
    expect(() => callValue({ content: text("not json") }, structured, "u.t", [])).toThrow(
      expect.objectContaining({ code: "OUTPUT_INVALID" }),
    );
  });
});

describe("TailBuffer", () => {
  it("keeps only the last bytes however much is written", () => {
    const tail = new TailBuffer(10);
    for (let i = 0; i < 1000; i++) tail.push(Buffer.from(`line ${i}\n`));
    expect(tail.text()).toBe("\nline 999\n");
    tail.push(Buffer.from("0123456789abcdef"));
    expect(tail.text()).toBe("6789abcdef");
    expect(tail.lastLines(1)).toEqual(["6789abcdef"]);
  });

  it("drops a character cut at the front instead of garbling it", () => {
    const tail = new TailBuffer(4);
    tail.push(Buffer.from("aé€"));
    expect(tail.text()).toBe("€");
  });
});

describe("backoffMs", () => {
  it.each([
    [0, 0],
    [1, 250],
    [2, 500],
    [5, 4_000],
    [20, 30_000],
  ])("after %i failures: %i ms", (failures, want) => {
    expect(backoffMs(failures)).toBe(want);
  });
});
