/**
 * An operation whose input schema the runtime's validator would refuse is skipped with the
 * validator's message, whether the offending schema is its own or a component it shares with other
 * operations; the operations around it, and those sharing its valid components, are kept.
 */
import { describe, expect, it } from "vitest";
import { discoverSpec as discover } from "./support.js";

const ok = { "200": { description: "ok" } };
const refused = "is left out: its input schema is not valid JSON Schema (enum must have non-empty array)";
const body = (ref: string) => ({
  required: true,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const post = (operationId: string, ref: string) => ({
  post: { operationId, requestBody: body(ref), responses: ok },
});

describe("input schemas the validator refuses", () => {
  it("skips an operation whose own parameter schema is refused", async () => {
    const { unit, text } = await discover({
      "/a": {
        get: {
          operationId: "a",
          parameters: [{ name: "q", in: "query", schema: { type: "string", enum: [] } }],
          responses: ok,
        },
      },
      "/fine": { get: { operationId: "fine", responses: ok } },
    });
    expect(unit.operations.map((o) => o.name)).toEqual(["fine"]);
    expect(text).toContain(`warning OPERATION_SKIPPED GET /a ("a") ${refused}`);
  });

  it("skips every operation that reaches a refused component, and keeps those sharing valid ones", async () => {
    const schemas = {
      Good: { type: "object", properties: { name: { type: "string" } } },
      Bad: { type: "object", properties: { state: { type: "string", enum: [] } } },
      Outer: {
        type: "object",
        properties: {
          good: { $ref: "#/components/schemas/Good" },
          bad: { $ref: "#/components/schemas/Bad" },
        },
      },
    };
    const { unit, text } = await discover(
      {
        "/first": post("first", "Good"),
        "/bad": post("bad", "Bad"),
        "/outer": post("outer", "Outer"),
        "/again": post("again", "Good"),
        "/own": {
          post: {
            operationId: "own",
            parameters: [{ name: "q", in: "query", schema: { type: "string", enum: [] } }],
            requestBody: body("Good"),
            responses: ok,
          },
        },
        "/bad-again": post("badAgain", "Bad"),
        "/last": post("last", "Good"),
      },
      { components: { schemas } },
    );
    expect(unit.operations.map((o) => o.name)).toEqual(["first", "again", "last"]);
    for (const [path, id] of [
      ["/bad", "bad"],
      ["/outer", "outer"],
      ["/own", "own"],
      ["/bad-again", "badAgain"],
    ])
      expect(text).toContain(`warning OPERATION_SKIPPED POST ${path} ("${id}") ${refused}`);
    const last = unit.operations.find((o) => o.name === "last");
    expect(last?.inputSchema).toMatchObject({ $defs: { Good: schemas.Good } });
  });
});
