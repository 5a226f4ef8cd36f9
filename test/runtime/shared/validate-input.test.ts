/**
 * Input checking knows the number formats OpenAPI and discovery documents use: the widths it can
 * check are checked, the rest are accepted quietly (a format is never a reason to print a warning).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { inputProblems } from "../../../runtime/shared/validate-input.js";

afterEach(() => {
  vi.restoreAllMocks();
});

const field = (format: string, type = "integer") => ({
  type: "object",
  properties: { n: { type, format } },
});

describe("inputProblems with spec number formats", () => {
  it.each([
    ["int32", 2 ** 31 - 1, -(2 ** 31), 2 ** 31],
    ["uint32", 2 ** 32 - 1, 0, -1],
  ])("checks %s", (format, high, low, outside) => {
    const schema = field(format);
    expect(inputProblems(schema, { n: high })).toEqual([]);
    expect(inputProblems(schema, { n: low })).toEqual([]);
    expect(inputProblems(schema, { n: outside })).toEqual([`input.n must match format "${format}"`]);
  });

  it("accepts the formats it cannot check, without a warning", () => {
    const warn = vi.spyOn(console, "warn");
    const log = vi.spyOn(console, "log");
    for (const [format, type, value] of [
      ["int64", "string", "9007199254740993"],
      ["uint64", "string", "18446744073709551615"],
      ["int64", "integer", 42],
      ["double", "number", 0.5],
      ["float", "number", 1.5],
      ["google-datetime", "string", "2026-11-26T10:00:00Z"],
      ["google-duration", "string", "3.5s"],
      ["google-fieldmask", "string", "a,b.c"],
      ["x-vendor-made-up", "string", "anything"],
    ] as const) {
      expect(inputProblems(field(format, type), { n: value }), format).toEqual([]);
    }
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });
});
