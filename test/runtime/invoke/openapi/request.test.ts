/**
 * Requests built from an operation's parameters as the manifest stores them: a style or explode
 * left out is OpenAPI's default for the parameter's place, and manifests that still write the
 * defaults give the very same request.
 */
import { describe, expect, it } from "vitest";
import type { ManifestParameter, OpenapiInvoke } from "../../../../runtime/contract/manifest.js";
import { buildApiRequest } from "../../../../runtime/invoke/openapi/request.js";

const connection = { baseUrl: "https://api.example.test/v1" };
const input = {
  path: { id: ["a", "b"] },
  query: { tags: ["x", "y"], filter: { state: "open", page: 2 } },
  header: { "X-Map": { k: "v", n: 1 } },
  cookie: { ids: [1, 2] },
};

/** The request's URL and parameter headers, for comparing two forms of the same parameters. */
function sent(parameters: ManifestParameter[]): { url: string; headers: Record<string, string> } {
  const invoke: OpenapiInvoke = { kind: "openapi", method: "GET", path: "/items/{id}", parameters };
  const request = buildApiRequest(connection, invoke, input, new Map());
  return { url: request.url.href, headers: Object.fromEntries(request.headers) };
}

const defaultsWritten: ManifestParameter[] = [
  { name: "id", in: "path", style: "simple", explode: false, required: true },
  { name: "tags", in: "query", style: "form", explode: true, required: false },
  { name: "filter", in: "query", style: "form", explode: true, required: false },
  { name: "X-Map", in: "header", style: "simple", explode: false, required: false },
  { name: "ids", in: "cookie", style: "form", explode: true, required: false },
];
const defaultsLeftOut: ManifestParameter[] = defaultsWritten.map(
  ({ style: _s, explode: _e, ...rest }) => rest,
);

describe("buildApiRequest: parameter styles", () => {
  it("sends parameters without a style or explode as OpenAPI's defaults for their place", () => {
    expect(sent(defaultsLeftOut)).toEqual({
      url: "https://api.example.test/v1/items/a,b?tags=x&tags=y&state=open&page=2",
      headers: { "x-map": "k,v,n,1", cookie: "ids=1; ids=2", accept: "application/json, */*;q=0.8" },
    });
  });

  it("sends the same request from a manifest that writes the defaults out", () => {
    expect(sent(defaultsWritten)).toEqual(sent(defaultsLeftOut));
  });

  it("keeps a style or explode the manifest does write", () => {
    const parameters: ManifestParameter[] = [
      { name: "id", in: "path", style: "label", required: true },
      { name: "tags", in: "query", explode: false, required: false },
      { name: "filter", in: "query", style: "deepObject", required: false },
      { name: "X-Map", in: "header", explode: true, required: false },
      { name: "ids", in: "cookie", explode: false, required: false },
    ];
    expect(sent(parameters)).toEqual({
      url: "https://api.example.test/v1/items/.a,b?tags=x,y&filter[state]=open&filter[page]=2",
      headers: { "x-map": "k=v,n=1", cookie: "ids=1,2", accept: "application/json, */*;q=0.8" },
    });
  });
});
