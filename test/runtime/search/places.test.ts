/**
 * The words of a query that say where rather than what ("the labels on an issue"): an operation
 * named for where, and not for what is asked, ranks below one named for it, unless no operation is
 * named for what is asked (then it is the place's own attribute: "the title of a video").
 */
import { describe, expect, it } from "vitest";
import { SearchIndex } from "../../../runtime/search/index.js";
import { RANKING } from "../../../runtime/search/rank.js";
import { stem } from "../../../runtime/search/stem.js";
import { readQuery } from "../../../runtime/search/terms.js";
import { index, op, top } from "./small-index.js";

/** The role of each typed word of `query`, by its stem. */
function roles(query: string): Record<string, string> {
  const read = readQuery(query);
  const out: Record<string, string> = {};
  read.groups.forEach((group, i) => {
    const typed = group.find((t) => t.kind === "typed");
    if (typed && read.roles[i] !== undefined) out[typed.term] = read.roles[i] as string;
  });
  return out;
}

describe("readQuery's roles", () => {
  it.each([
    ["show the members of a team", { member: "thing", team: "place" }],
    ["update my app's home tab", { app: "place", home: "thing", tab: "thing" }],
    // A participle describes the place ("connected accounts"); it does not end it.
    ["platform fees from connected accounts", { platform: "thing", fee: "thing", account: "place" }],
    // A verb ends the place: what follows it is a thing again.
    ["fees in the dashboard show the invoices", { dashboard: "place", invoic: "thing" }],
    // A destination is often what an operation is named for: "to" says no place.
    ["add an item to a project", { item: "thing", project: "thing" }],
    // A clause of its own ends the place.
    ["a webhook for our server when a payment succeeds", { server: "place", payment: "thing" }],
  ])("%j reads %j", (query, expected) => {
    const got = roles(query);
    for (const [term, role] of Object.entries(expected))
      expect([stem(term), got[term]]).toEqual([stem(term), role]);
  });
});

describe("ranking with places", () => {
  const operations = [
    op("list-accounts", "Lists the accounts connected to your platform.", "GET", "/accounts"),
    op("list-application-fees", "Lists the fees collected from accounts.", "GET", "/application_fees"),
    op("update-video", "Updates a video's metadata: title, description, tags.", "PUT", "/videos/{id}"),
    op("update-playlist", "Sets a playlist's title and the videos in it.", "PUT", "/playlists/{id}"),
  ];
  const search = index(...operations);

  it("puts an operation named for the thing above one named only for where it is", () => {
    expect(top(search, "platform fees from connected accounts")[0]).toBe("list-application-fees");
  });

  it("keeps the operation on the place when no operation is named for the thing", () => {
    expect(top(search, "change the title of a video")[0]).toBe("update-video");
  });

  it("owes the first case to the place's share: at 1 the operation on the place wins", () => {
    const manifest = { units: [{ id: "api", name: "api", description: "An API.", tags: [], operations }] };
    const flat = SearchIndex.build(manifest, { ...RANKING, place: 1 });
    expect(top(flat, "platform fees from connected accounts")[0]).toBe("list-accounts");
  });
});
