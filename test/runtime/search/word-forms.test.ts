/**
 * Words an API writes otherwise than the task: two words it writes as one ("web hook" → webhook)
 * and derived words the stemmer leaves apart from their base (fail → failure, pay → payment). Each
 * finds the operation that names the other form, and an operation with the word as typed still
 * ranks above it.
 */
import { describe, expect, it } from "vitest";
import { withCompounds } from "../../../runtime/search/compounds.js";
import { derivedBases } from "../../../runtime/search/derived.js";
import { readQuery } from "../../../runtime/search/terms.js";
import { index, op, top } from "./small-index.js";

describe("two words an API writes as one", () => {
  it("reads a pair of neighbouring words as the word they make, under both", () => {
    const read = readQuery("add a web hook");
    expect(read.compounds).toEqual(
      expect.arrayContaining([
        ["web", "webhook"],
        ["hook", "webhook"],
      ]),
    );
    const web = read.groups.find((group) => group.some((t) => t.term === "web")) ?? [];
    expect(withCompounds(web, read.compounds)).toContainEqual({ term: "webhook", kind: "compound" });
  });

  it("finds the operation named by the joined word above one that shares a single word", () => {
    const search = index(
      op("webhooks/create", "Create a webhook.", "POST", "/webhooks"),
      op("pages/create", "Create a web page.", "POST", "/pages"),
    );
    expect(top(search, "create a web hook")[0]).toBe("webhooks/create");
  });

  it("still ranks the operation that writes the two words apart, as typed, first", () => {
    const search = index(
      op("webhooks/create", "Create a webhook.", "POST", "/webhooks"),
      op("hooks/create-web", "Create a web hook.", "POST", "/hooks"),
    );
    expect(top(search, "create a web hook").slice(0, 2)).toEqual(["hooks/create-web", "webhooks/create"]);
  });
});

describe("derived words the stemmer leaves apart", () => {
  it("knows the bases a derived stem may come from", () => {
    expect(derivedBases("payment")).toContain("pai");
    expect(derivedBases("failur")).toContain("fail");
    expect(derivedBases("membership")).toContain("member");
    expect(derivedBases("fail")).toEqual([]);
  });

  it("finds the operation that names the base for a task that says the derived word", () => {
    // Listed first, so that they would win a tie.
    const search = index(
      op("jobs/list", "List the jobs.", "GET", "/jobs"),
      op("jobs/list-failed", "List the jobs that failed.", "GET", "/jobs/failed"),
      op("invoices/void", "Void an invoice.", "POST", "/invoices/{id}/void"),
      op("invoices/pay", "Pay an invoice.", "POST", "/invoices/{id}/pay"),
    );
    expect(top(search, "list job failures")[0]).toBe("jobs/list-failed");
    expect(top(search, "payment of an invoice")[0]).toBe("invoices/pay");
  });

  it("finds the operation that names the derived word for a task that says the base", () => {
    const search = index(
      op("payouts/list", "List the payouts.", "GET", "/payouts"),
      op("payments/list", "List the payments.", "GET", "/payments"),
    );
    expect(top(search, "list what we got to pay")[0]).toBe("payments/list");
  });

  it("still ranks the operation with the word as typed above the one with its derived form", () => {
    const search = index(
      op("jobs/list-failures", "List the failures of a job.", "GET", "/jobs/{id}/failures"),
      op("jobs/fail", "Fail a job.", "POST", "/jobs/{id}/fail"),
    );
    expect(top(search, "fail a job").slice(0, 2)).toEqual(["jobs/fail", "jobs/list-failures"]);
  });
});
