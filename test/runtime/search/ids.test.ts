/**
 * Object IDs in a task (`cus_42`, `qt_1`): the prefix is read as an abbreviation of a word in some
 * operation's name, not as a word of its own; a token that is not such an ID stays words.
 */
import { describe, expect, it } from "vitest";
import { abbreviates, objectIds } from "../../../runtime/search/ids.js";
import type { SearchIndex } from "../../../runtime/search/index.js";
import { readQuery } from "../../../runtime/search/terms.js";
import { index, op } from "./small-index.js";

/** The operation the query finds first, when it scores above every other (not a tie broken by length). */
function first(search: SearchIndex, query: string): string | undefined {
  const [best, next] = search.query(query, 5);
  return best !== undefined && (next === undefined || best.score > next.score) ? best.operation : undefined;
}

describe("an object ID's prefix", () => {
  it("finds the object its prefix abbreviates", () => {
    const search = index(
      op("invoices/accept", "Accept an invoice.", "POST", "/invoices/{id}/accept"),
      op("quotes/accept", "Accept a quote.", "POST", "/quotes/{id}/accept"),
    );
    expect(first(search, "accept qt_1")).toBe("quotes/accept");
  });

  it("is not the word it spells: sub_123 is no sub-issue", () => {
    const search = index(
      op("issues/remove-sub-issue", "Remove a sub-issue.", "DELETE", "/issues/{number}/sub_issue"),
      op("subscriptions/cancel", "Cancel a subscription.", "DELETE", "/subscriptions/{id}"),
    );
    expect(first(search, "cancel sub_123")).toBe("subscriptions/cancel");
  });

  it("reads only a short run of letters, an underscore and letters and digits with a digit", () => {
    const { text, prefixes } = objectIds("refund ch_123, then pi_3Q.");
    expect(text.split(/\s+/).filter(Boolean)).toEqual(["refund", "then"]);
    expect(prefixes).toEqual(["ch", "pi"]);
    expect(objectIds("set NODE_VERSION=22 and snake_case").prefixes).toEqual([]);
    expect(objectIds("x_1 and account_12").prefixes).toEqual([]);
    expect(readQuery("cancel in_456").groups).toContainEqual([{ term: "in", kind: "abbreviation" }]);
  });

  it("abbreviates a word by its first letter and the rest in order", () => {
    expect(abbreviates("cus", "custom")).toBe(true);
    expect(abbreviates("qt", "quot")).toBe(true);
    expect(abbreviates("acct", "account")).toBe(true);
    expect(abbreviates("dp", "disput")).toBe(true);
    expect(abbreviates("qt", "equiti")).toBe(false);
    expect(abbreviates("acct", "act")).toBe(false);
  });
});
