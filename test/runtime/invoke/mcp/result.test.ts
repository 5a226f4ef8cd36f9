/**
 * Call results: structured content, the whole result, tool errors, redaction, the byte cap; and the
 * stderr tail.
 */
import { describe, expect, it } from "vitest";
import { UnitError } from "../../../../runtime/contract/errors.js";
import { callValue } from "../../../../runtime/invoke/mcp/result.js";
import { capResult, jsonBytes } from "../../../../runtime/invoke/mcp/result-cap.js";
import { TailBuffer } from "../../../../runtime/invoke/mcp/tail-buffer.js";
import { backoffMs } from "../../../../runtime/shared/retry.js";

const structured = { kind: "mcp", tool: "t", result: "structured" } as const;
const whole = { kind: "mcp", tool: "t", result: "callToolResult" } as const;
const text = (value: string) => [{ type: "text", text: value }];
const limits = (secrets: string[] = [], maxResponseBytes = 200_000) => ({
  where: "u.t",
  secrets,
  maxResponseBytes,
});

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
    expect(callValue(raw, invoke, limits(["s3cr3t-value"]))).toEqual({ value: want, truncated: false });
  });

  it("throws MCP_TOOL_ERROR with the tool's text, bounded and redacted", () => {
    const raw = { content: text(`bad s3cr3t-value ${"x".repeat(5000)}`), isError: true };
    const error = (() => {
      try {
        callValue(raw, whole, limits(["s3cr3t-value"]));
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
    expect(() => callValue({ content: text("not json") }, structured, limits())).toThrow(
      expect.objectContaining({ code: "OUTPUT_INVALID" }),
    );
  });
});

describe("the byte cap (maxResponseBytes)", () => {
  const MARKER = "[truncated: output exceeded 1000 bytes (maxResponseBytes)]";

  it("cuts a long text result with a marker, within the cap", () => {
    const raw = { content: text(`é${"y".repeat(5_000)}`), _meta: { big: "z".repeat(5_000) } };
    const result = callValue(raw, whole, limits([], 1_000));
    expect(result.truncated).toBe(true);
    const value = result.value as { content: Array<{ text: string }> };
    expect(value.content.map((block) => block.text.slice(0, 3))).toEqual(["éyy", "[tr"]);
    expect(value.content.at(-1)?.text).toBe(MARKER);
    expect(jsonBytes(value)).toBeLessThanOrEqual(1_000);
    expect(jsonBytes(value)).toBeGreaterThan(800);
  });

  it("counts JSON escapes, keeps blocks that fit, and counts the ones left out", () => {
    const image = { type: "image", data: "A".repeat(2_000), mimeType: "image/png" };
    const raw = { content: [...text("short"), ...text('"\n'.repeat(400)), image, ...text("after")] };
    const { result } = capResult(raw, 1_000);
    expect(jsonBytes(result)).toBeLessThanOrEqual(1_000);
    const texts = (result.content as Array<{ text: string }>).map((block) => block.text);
    expect(texts[0]).toBe("short");
    expect(texts.slice(-2)).toEqual(["[left out: 2 more content block(s) (maxResponseBytes)]", MARKER]);
  });

  it("keeps structured content only while it fits, and leaves a result under the cap alone", () => {
    const raw = { content: text("x".repeat(2_000)), structuredContent: { a: "b".repeat(600) } };
    expect(capResult(raw, 1_000).result.structuredContent).toBeUndefined();
    expect(capResult(raw, 10_000)).toEqual({ result: raw, truncated: false });
  });

  it("refuses structured content over the cap with RESPONSE_TRUNCATED", () => {
    const raw = { content: text("{}"), structuredContent: { a: "b".repeat(2_000) } };
    expect(() => callValue(raw, structured, limits([], 1_000))).toThrow(
      expect.objectContaining({ code: "RESPONSE_TRUNCATED" }),
    );
  });

  it("redacts before it cuts: a secret across the cut leaves no part behind", () => {
    const secret = "CANARYsecret-9f3e";
    for (let at = 0; at <= secret.length; at++) {
      const raw = { content: text("y".repeat(900 - at) + secret + "z".repeat(200)) };
      const value = JSON.stringify(callValue(raw, whole, limits([secret], 1_000)).value);
      expect(value).not.toContain(secret.slice(0, 4));
    }
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

  it("starts from the caller's first wait, with the same cap", () => {
    expect([1, 2, 3, 6].map((failures) => backoffMs(failures, 1_000))).toEqual([1_000, 2_000, 4_000, 30_000]);
  });
});
