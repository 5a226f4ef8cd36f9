/**
 * A generated GraphQL operation whose name would pass 64 characters is shortened with a hash, and
 * says so with `OPERATION_RENAMED`, as a renamed OpenAPI operation does.
 */
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { generatedOperations } from "../../../../compiler/discover/graphql/index.js";
import { graphqlContext } from "../../../support/graphql-context.js";

const LONG = "repositoryVulnerabilityAlertDependabotSecurityUpdatesEnablementStatus";

describe("generated operation names over 64 characters", () => {
  it("are shortened with a warning naming both names", () => {
    const schema = buildSchema(`type Query { ${LONG}: String, short: String }`);
    const { context, text } = graphqlContext({ endpointUrl: "https://long.example.com/graphql" });
    const names = generatedOperations(context, schema).map((op) => op.name);
    expect(names).toEqual([
      "query_repositoryVulnerabilityAlertDependabotSecurityUpd_47e10e2d",
      "query_short",
    ]);
    expect(text()).toBe(
      [
        `.units/config.json:3:5 warning OPERATION_RENAMED generated operation query_${LONG} is named "${names[0]}": tool names are at most 64 characters`,
        "  hint: configure the field under operations with a shorter name of your own to choose the name",
      ].join("\n"),
    );
  });
});
