/** What the search index reads of an operation: here, the verb its HTTP method implies. */
import { describe, expect, it } from "vitest";
import { FIELDS, operationFields } from "../../../runtime/search/fields.js";

const verb = (method: string, path: string) =>
  operationFields({
    name: "op",
    tsName: "op",
    description: "",
    invoke: { kind: "openapi", method, path },
  })[FIELDS.indexOf("verb")];

describe("the verb field", () => {
  it("reads the action from the HTTP method of a REST path", () => {
    expect(verb("POST", "/v1/customers")).toEqual(["creat"]);
    expect(verb("GET", "/v1/customers")).toEqual(["get", "list"]);
    expect(verb("GET", "/v1/customers/{customer}")).toEqual(["get"]);
    expect(verb("DELETE", "/v1/customers/{customer}")).toEqual(["delet"]);
  });

  it("reads a POST to one item as an update of it, a POST to a collection as adding to it", () => {
    expect(verb("POST", "/v1/customers/{customer}")).toEqual(["updat"]);
    expect(verb("POST", "/v1/customers/{customer}/sources")).toEqual(["creat"]);
  });

  it("reads nothing from the method where the path names a remote procedure", () => {
    // Slack calls `conversations.kick` by POST and `views.open` by GET: neither creates nor lists.
    expect(verb("POST", "/conversations.kick")).toEqual([]);
    expect(verb("GET", "/views.open")).toEqual([]);
    // Google's custom methods: `POST /v1/{name}:cancel` cancels, it creates nothing.
    expect(verb("POST", "/v1/{name}:cancel")).toEqual([]);
  });
});

describe("the parameter field", () => {
  const params = (inputSchema: unknown) =>
    operationFields({ name: "op", tsName: "op", description: "", inputSchema })[FIELDS.indexOf("params")];

  it("reads the values of a short enumeration: they name what the operation can do", () => {
    // YouTube's `comments.setModerationStatus` holds a comment for review by one of three values.
    const status = { type: "string", enum: ["heldForReview", "published", "rejected"] };
    expect(params({ type: "object", properties: { moderationStatus: status } })).toEqual(
      expect.arrayContaining(["held", "review", "publish", "reject"]),
    );
  });

  it("leaves out the values of a long enumeration (data such as country codes) and values that are not strings", () => {
    const countries = Array.from({ length: 9 }, (_, i) => `country${String.fromCharCode(97 + i)}`);
    expect(
      params({
        type: "object",
        properties: { country: { enum: countries }, level: { enum: [1, 2, null] } },
      }),
    ).toEqual(["countri", "level"]);
  });
});
