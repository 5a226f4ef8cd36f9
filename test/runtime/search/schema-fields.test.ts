/**
 * What the index reads of an operation's schemas: parameter names behind a reference to the unit's
 * shared schemas, the property names of what the operation returns (a field of its own), the title
 * and description of what it returns (another), and an index written before those fields, still read.
 */
import { describe, expect, it } from "vitest";
import { FIELDS } from "../../../runtime/search/fields.js";
import { buildSearchIndex, type SearchableUnit, SearchIndex } from "../../../runtime/search/index.js";

const http = (method: string, path: string) => ({ kind: "openapi", method, path });

/** Two operations that read alike but for their schemas. */
function catalogue(first: Partial<SearchableUnit["operations"][number]>, schemas?: Record<string, unknown>) {
  const unit: SearchableUnit = {
    id: "shop",
    name: "Shop",
    description: "A shop.",
    tags: [],
    ...(schemas ? { schemas } : {}),
    operations: [
      {
        name: "updateOffer",
        tsName: "updateOffer",
        description: "Update an offer.",
        inputSchema: { type: "object" },
        invoke: http("POST", "/offers/{id}"),
        ...first,
      },
      {
        name: "updateListing",
        tsName: "updateListing",
        description: "Update a listing.",
        inputSchema: { type: "object" },
        invoke: http("POST", "/listings/{id}"),
      },
    ],
  };
  return { units: [unit] };
}

const found = (manifest: { units: SearchableUnit[] }, query: string) =>
  SearchIndex.build(manifest)
    .query(query, 5)
    .map((hit) => hit.operation);

/** The operation the query finds first, when it scores above every other (not a tie broken by length). */
function first(manifest: { units: SearchableUnit[] }, query: string): string | undefined {
  const [best, next] = SearchIndex.build(manifest).query(query, 5);
  return best !== undefined && (next === undefined || best.score > next.score) ? best.operation : undefined;
}

describe("parameters behind a shared schema", () => {
  it("finds an operation by a body property its shared schema holds", () => {
    const manifest = catalogue(
      {
        inputSchema: {
          type: "object",
          properties: { body: { $ref: "#/$defs/OfferBody" } },
        },
      },
      { OfferBody: { type: "object", properties: { discount_percentage: { type: "number" } } } },
    );
    expect(first(manifest, "discount percentage")).toBe("updateOffer");
  });

  it("follows a reference to a definition at the root of the operation's own schema, and the parts of an allOf", () => {
    const manifest = catalogue({
      inputSchema: {
        type: "object",
        $defs: { Terms: { type: "object", properties: { refundWindow: { type: "integer" } } } },
        properties: { body: { allOf: [{ $ref: "#/$defs/Terms" }] } },
      },
    });
    expect(first(manifest, "refund window")).toBe("updateOffer");
  });

  it("ends at a schema that refers to itself", () => {
    const manifest = catalogue(
      { inputSchema: { type: "object", properties: { body: { $ref: "#/$defs/Loop" } } } },
      { Loop: { $ref: "#/$defs/Loop" } },
    );
    expect(found(manifest, "update offer")[0]).toBe("updateOffer");
  });
});

describe("what an operation returns", () => {
  const returning = (outputSchema: unknown) => catalogue({ outputSchema });

  it("finds an operation by the name of a property only its output has", () => {
    const manifest = returning({ type: "object", properties: { subscriberCount: { type: "integer" } } });
    expect(first(manifest, "subscriber count")).toBe("updateOffer");
  });

  it("reads the properties of a list's items and of a shared schema", () => {
    const manifest = catalogue(
      { outputSchema: { type: "array", items: { $ref: "#/$defs/Referrer" } } },
      { Referrer: { type: "object", properties: { referrer: { type: "string" } } } },
    );
    expect(first(manifest, "referrer")).toBe("updateOffer");
  });

  it("leaves out the values of the output's enumerations: they are states many operations share", () => {
    const manifest = returning({
      type: "object",
      properties: { state: { type: "string", enum: ["archived", "live"] } },
    });
    const data = buildSearchIndex(manifest);
    const output = data.fields[0]?.[FIELDS.indexOf("output")] ?? [];
    expect(output.map((id) => data.terms[id])).toEqual(["state"]);
  });

  it("ranks the output below the name: a name that says the word wins", () => {
    const manifest = catalogue({ outputSchema: { type: "object", properties: { listing: {} } } });
    expect(found(manifest, "update listing")[0]).toBe("updateListing");
  });
});

describe("the prose of what an operation returns", () => {
  const mandate = {
    type: "object",
    title: "Mandate",
    description: "A mandate records a customer's permission to debit their bank account later.",
    properties: { id: { type: "string" } },
  };

  it("finds an operation by the description of the object it returns, in words its own text lacks", () => {
    const manifest = catalogue({ outputSchema: { $ref: "#/$defs/Mandate" } }, { Mandate: mandate });
    expect(first(manifest, "permission to debit a bank account")).toBe("updateOffer");
  });

  it("reads a list wrapper's items when the wrapper has no sentence of its own", () => {
    const list = {
      type: "object",
      title: "MandateList",
      properties: {
        data: { type: "array", items: { $ref: "#/$defs/Mandate" } },
        has_more: { type: "boolean" },
      },
    };
    const manifest = catalogue({ outputSchema: list }, { Mandate: mandate });
    expect(first(manifest, "permission to debit a bank account")).toBe("updateOffer");
  });

  it("ranks the prose below the name: a name that says the word wins", () => {
    const manifest = catalogue({
      outputSchema: { type: "object", description: "The listing this offer is shown on." },
    });
    expect(found(manifest, "update listing")[0]).toBe("updateListing");
  });

  it("does not read the prose's verbs as what the operation does", () => {
    const manifest = catalogue({
      outputSchema: { type: "object", description: "Offers are deleted when their listing closes." },
    });
    expect(found(manifest, "delete")).toEqual([]);
  });
});

describe("an index written before the output field", () => {
  it("is still read, as one whose operations return nothing searchable", () => {
    const manifest = catalogue({ outputSchema: { type: "object", properties: { subscriberCount: {} } } });
    const data = buildSearchIndex(manifest);
    const old = { ...data, format: 4, fields: data.fields.map((fields) => fields.slice(0, 6)) };
    const index = SearchIndex.load(old);
    expect(index.query("update offer", 5)[0]?.operation).toBe("updateOffer");
    expect(index.query("subscriber count", 5)).toEqual([]);
  });

  it("is still read without the returns field, as one whose operations return no prose", () => {
    const manifest = catalogue({ outputSchema: { type: "object", description: "A coupon for shoppers." } });
    const data = buildSearchIndex(manifest);
    const old = { ...data, format: 5, fields: data.fields.map((fields) => fields.slice(0, 7)) };
    const index = SearchIndex.load(old);
    expect(index.query("update offer", 5)[0]?.operation).toBe("updateOffer");
    expect(index.query("coupon shoppers", 5)).toEqual([]);
  });
});
