/** The shared redaction step: whole secrets replaced, parts of secrets at a cut edge dropped. */
import { describe, expect, it } from "vitest";
import { cutBytes, redactJson, redactOutput } from "../../../runtime/shared/redact.js";

const SECRET = "s3cr3t-value";

describe("redactOutput", () => {
  it.each([
    ["whole secrets, longest first", "a s3cr3t-value b s3cr3t", {}, "a [redacted] b s3cr3t"],
    ["a part at a cut end", "x s3cr3t-val", { end: true }, "x "],
    ["a part at a cut start", "lue y", { start: true }, " y"],
    ["both edges", "t-value mid s3c", { start: true, end: true }, " mid "],
    ["a part where nothing was cut stays", "x s3cr3t-val", {}, "x s3cr3t-val"],
    ["secrets under 4 characters are never matched", "abc", { end: true }, "abc"],
  ])("%s", (_name, text, cut, want) => {
    expect(redactOutput(text, [SECRET, "abc"], cut)).toBe(want);
  });

  it("leaves no 4-character part of a secret, wherever a cap cuts", () => {
    const output = `${"x".repeat(20)}${SECRET}${"y".repeat(20)}`;
    for (let at = 0; at <= output.length; at++) {
      const head = redactOutput(output.slice(0, at), [SECRET], { end: at < output.length });
      const tail = redactOutput(output.slice(at), [SECRET], { start: at > 0 });
      for (const piece of [head, tail]) {
        for (let i = 0; i + 4 <= SECRET.length; i++) expect(piece).not.toContain(SECRET.slice(i, i + 4));
      }
    }
  });
});

describe("redactJson", () => {
  it("redacts strings and keys, and leaves other values", () => {
    expect(redactJson({ [SECRET]: [SECRET, 1, null] }, [SECRET])).toEqual({
      "[redacted]": ["[redacted]", 1, null],
    });
  });

  it("copies only the path to a redacted string and keeps the parts without a secret as they are", () => {
    const clean = { id: "n1", tags: ["home"] };
    const value = { notes: [clean, { id: "n2", body: `token ${SECRET}` }] };
    const redacted = redactJson(value, [SECRET]) as typeof value;
    expect(redacted).toEqual({ notes: [clean, { id: "n2", body: "token [redacted]" }] });
    expect(value.notes[1]).toEqual({ id: "n2", body: `token ${SECRET}` });
    expect(redacted.notes[0]).toBe(clean);
    expect(redactJson(clean, [SECRET])).toBe(clean);
  });
});

describe("cutBytes", () => {
  it.each([
    ["ascii", "abcdef", 3, "abc"],
    ["never splits a character", "aé€", 4, "aé"],
    ["fits", "aé", 3, "aé"],
  ])("%s", (_name, text, max, want) => {
    expect(cutBytes(text, max)).toBe(want);
  });
});
