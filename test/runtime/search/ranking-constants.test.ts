/**
 * The ranking's constants can be given to an index (the fitting bench tries others without
 * rebuilding the runtime); an index given none ranks with `RANKING`, and giving some changes no other.
 */
import { describe, expect, it } from "vitest";
import { type SearchableOperation, SearchIndex } from "../../../runtime/search/index.js";
import { RANKING, type Ranking } from "../../../runtime/search/rank.js";
import { op, top } from "./small-index.js";

const manifest = (...operations: SearchableOperation[]) => ({
  units: [{ id: "api", name: "api", description: "An API.", tags: [], operations }],
});

/** A copy of `RANKING` with `change` applied to it. */
function rankingWith(change: (ranking: Ranking) => void): Ranking {
  const copy = structuredClone(RANKING);
  change(copy);
  return copy;
}

// One operation has the query's word in its name, the other only in its description.
const byField = manifest(
  op("archive-ledger", "Stores it away.", "POST", "/ledgers/{id}/archive"),
  op("close-books", "Closes the books. Archives each ledger of the period.", "POST", "/books/close"),
);

// One operation's name has the typed word, the other its synonym.
const byKind = manifest(
  op("remove-tag", "Removes a tag.", "POST", "/tags/{id}/remove"),
  op("delete-tag", "Deletes a tag.", "DELETE", "/tags/{id}"),
);

describe("the ranking's constants", () => {
  it("are RANKING when an index is given none", () => {
    const given = SearchIndex.build(byField, RANKING);
    const none = SearchIndex.build(byField);
    expect(top(none, "archive a ledger")).toEqual(top(given, "archive a ledger"));
    expect(none.query("archive a ledger", 2).map((hit) => hit.score)).toEqual(
      given.query("archive a ledger", 2).map((hit) => hit.score),
    );
  });

  it("weigh the fields as given: a heavy description outranks the name", () => {
    expect(top(SearchIndex.build(byField), "archive ledger")[0]).toBe("archive-ledger");
    const prose = rankingWith((r) => {
      r.weight.name = 0.05;
      r.weight.summary = 0.05;
      r.weight.description = 5;
      r.generality = 0;
      r.phrase = 0;
      r.proximity = 0;
    });
    expect(top(SearchIndex.build(byField, prose), "archive ledger")[0]).toBe("close-books");
  });

  it("weigh how a term came as given: a synonym weighed above the typed word wins", () => {
    expect(top(SearchIndex.build(byKind), "remove a tag")[0]).toBe("remove-tag");
    const synonyms = rankingWith((r) => {
      r.kind.typed = 0.1;
      r.kind.synonym = 1;
    });
    expect(top(SearchIndex.build(byKind, synonyms), "remove a tag")[0]).toBe("delete-tag");
  });

  it("given to one index change neither RANKING nor another index", () => {
    const before = structuredClone(RANKING);
    const prose = rankingWith((r) => {
      r.weight.description = 5;
    });
    SearchIndex.build(byField, prose).query("archive ledger", 2);
    expect(RANKING).toEqual(before);
    expect(top(SearchIndex.build(byField), "archive ledger")[0]).toBe("archive-ledger");
  });
});
