/**
 * One item or the collection, read from a REST path: a POST to one item changes it, a POST to a
 * collection adds to it; a task that asks to see one thing means the read of one item, a task that
 * asks for many the list.
 */
import { describe, expect, it } from "vitest";
import { type SearchableOperation, SearchIndex } from "../../../runtime/search/index.js";

function op(name: string, method: string, path: string): SearchableOperation {
  // An HTTP operation: its method and path are what search reads of how it is called.
  const invoke = { kind: "openapi", method, path };
  return {
    name,
    tsName: name,
    // The same words for both: only the method and the path tell them apart.
    description: "Subscriptions.",
    inputSchema: { type: "object" },
    invoke,
  };
}

const search = SearchIndex.build({
  units: [
    {
      id: "billing",
      name: "billing",
      description: "A billing API.",
      tags: [],
      operations: [
        op("GetSubscriptions", "GET", "/v1/subscriptions"),
        op("GetSubscriptionsSubscription", "GET", "/v1/subscriptions/{subscription}"),
        op("PostSubscriptions", "POST", "/v1/subscriptions"),
        op("PostSubscriptionsSubscription", "POST", "/v1/subscriptions/{subscription}"),
      ],
    },
  ],
});

const first = (query: string) => search.query(query, 4)[0]?.operation;

describe("one item or the collection", () => {
  it("reads a POST to one item as changing it and a POST to the collection as adding to it", () => {
    expect(first("change a subscription")).toBe("PostSubscriptionsSubscription");
    expect(first("create a subscription")).toBe("PostSubscriptions");
  });

  it("reads a task that asks to see one thing as the read of one item", () => {
    expect(first("retrieve a subscription")).toBe("GetSubscriptionsSubscription");
    expect(first("show the subscription")).toBe("GetSubscriptionsSubscription");
  });

  it("reads a task that asks for many, or names the list, as the list", () => {
    expect(first("show all subscriptions")).toBe("GetSubscriptions");
    expect(first("retrieve the subscriptions")).toBe("GetSubscriptions");
    expect(first("list subscriptions")).toBe("GetSubscriptions");
  });
});
