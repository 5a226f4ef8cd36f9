/**
 * The ranking behind `search_tools` and `units.search`, on small catalogues: BM25F field weights,
 * verbs read from HTTP methods and synonyms, the exact-phrase boost, the tie-break toward the
 * shorter operation, completions and near misses, the unit filter, and the serialised index.
 */
import { describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  SEARCH_INDEX_FORMAT,
  type SearchableOperation,
  type SearchableUnit,
  SearchIndex,
} from "../../../runtime/search/index.js";
import { cpuMsOf } from "../../support/cpu-time.js";

function op(
  name: string,
  description: string,
  extra: Partial<SearchableOperation> = {},
): SearchableOperation {
  return {
    name,
    tsName: name.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase()),
    description,
    inputSchema: { type: "object" },
    ...extra,
  };
}

function unit(
  id: string,
  operations: SearchableOperation[],
  extra: Partial<SearchableUnit> = {},
): SearchableUnit {
  return { id, name: id, description: `The ${id} service.`, tags: [], operations, ...extra };
}

const http = (method: string, path: string) => ({ invoke: { kind: "openapi", method, path } });

const top = (index: SearchIndex, query: string, limit = 3) =>
  index.query(query, limit).map((hit) => `${hit.unit}.${hit.operation}`);

describe("ranking", () => {
  it("weighs a word in the name above the same word in a parameter", () => {
    const index = SearchIndex.build({
      units: [
        unit("a", [
          op("listThings", "List things.", { inputSchema: { type: "object", properties: { archive: {} } } }),
          op("archiveThing", "Archive a thing."),
        ]),
      ],
    });
    expect(top(index, "archive")[0]).toBe("a.archiveThing");
  });

  it("reads the verb from the HTTP method, and verbs people use for it", () => {
    const index = SearchIndex.build({
      units: [
        unit("tracker", [
          op("issues", "Issues.", http("POST", "/issues")),
          op("issues-list", "Issues.", http("GET", "/issues")),
          op("issue", "One issue.", http("GET", "/issues/{id}")),
          op("issue-remove", "One issue.", http("DELETE", "/issues/{id}")),
        ]),
      ],
    });
    expect(top(index, "open a new issue", 1)).toEqual(["tracker.issues"]);
    expect(top(index, "show every issue", 1)).toEqual(["tracker.issues-list"]);
    expect(top(index, "read an issue", 1)).toEqual(["tracker.issue"]);
    expect(top(index, "delete an issue", 1)).toEqual(["tracker.issue-remove"]);
  });

  it("finds operations by synonyms of their verbs and by plural or singular", () => {
    const index = SearchIndex.build({
      units: [
        unit("notes", [
          op("deleteNote", "Delete a note."),
          op("createNote", "Create a note."),
          op("updateNote", "Update a note."),
          op("listNotes", "List notes."),
        ]),
      ],
    });
    expect(top(index, "remove notes", 1)).toEqual(["notes.deleteNote"]);
    expect(top(index, "add a note", 1)).toEqual(["notes.createNote"]);
    expect(top(index, "edit note", 1)).toEqual(["notes.updateNote"]);
    expect(top(index, "enumerate the notes", 1)).toEqual(["notes.listNotes"]);
  });

  it("finds the operation a phrasal verb means (give back → refund, get rid of → delete)", () => {
    const index = SearchIndex.build({
      units: [
        unit("pay", [
          op(
            "PostCustomerFunds",
            "Give funds to a customer's balance.",
            http("POST", "/customers/{id}/funds"),
          ),
          op(
            "PostRefunds",
            "Refund a charge, returning the money to the customer.",
            http("POST", "/refunds"),
          ),
          op("GetLabels", "Get a label.", http("GET", "/labels/{id}")),
          op("DeleteLabels", "Delete a label.", http("DELETE", "/labels/{id}")),
        ]),
      ],
    });
    expect(top(index, "give a customer their money back", 1)).toEqual(["pay.PostRefunds"]);
    expect(top(index, "get rid of a label", 1)).toEqual(["pay.DeleteLabels"]);
  });

  it("lifts the operation whose name or summary has the query's words side by side, in its order", () => {
    const index = SearchIndex.build({
      units: [
        unit("git", [
          op("requestPullDetails", "Request details of a pull from the mirror."),
          op("getPullRequest", "Get a pull request."),
        ]),
      ],
    });
    expect(top(index, "pull request")[0]).toBe("git.getPullRequest");
  });

  it("lifts the operation whose name or summary has the query's words one word apart (delete a YouTube video)", () => {
    // The same words in both, so that only where they stand can decide; the first wins a tie.
    const index = SearchIndex.build({
      units: [
        unit("pay", [
          op("first", "Confirm later customer payment."),
          op("second", "Later confirm customer payment."),
        ]),
      ],
    });
    expect(top(index, "confirm payment", 1)).toEqual(["pay.second"]);
    expect(top(index, "payment confirm", 1)).toEqual(["pay.second"]);
  });

  it("reads no meaning into a word that says which one (a single issue, the given ID)", () => {
    const index = SearchIndex.build({
      units: [
        unit("gh", [
          op("issues/get-event", "Get a single event of an issue."),
          op("issues/get", "Get an issue."),
          op("subscriptions/list", "Returns a list of subscriptions."),
          op("subscriptions/get-by-id", "Retrieves the subscription with the given ID."),
        ]),
      ],
    });
    expect(top(index, "read a single issue", 1)).toEqual(["gh.issues/get"]);
    expect(top(index, "get the given subscription", 1)).toEqual(["gh.subscriptions/get-by-id"]);
  });

  it("prefers the shorter, more general operation among alike matches", () => {
    const index = SearchIndex.build({
      units: [
        unit("gh", [
          op("pulls/list-requested-reviewers", "List requested reviewers for a pull request"),
          op("pulls/list-files", "List pull requests files"),
          op("pull-request-stacks/list", "List pull request stacks"),
          op("pulls/list", "List pull requests"),
          op(
            "repos/list-pull-requests-associated-with-commit",
            "List pull requests associated with a commit",
          ),
        ]),
      ],
    });
    expect(top(index, "list pull requests", 1)).toEqual(["gh.pulls/list"]);
  });

  it("prefers, among alike matches, the operation on the more general resource (fewer path segments)", () => {
    const summary = "List repositories of an organization.";
    const index = SearchIndex.build({
      units: [
        unit("gh", [
          op("repos/list-deep", summary, http("GET", "/orgs/{org}/teams/{team}/repos")),
          op("repos/list-wide", summary, http("GET", "/orgs/{org}/repos")),
        ]),
      ],
    });
    expect(top(index, "list repositories of an organization", 1)).toEqual(["gh.repos/list-wide"]);
  });

  it("prefers, among alike matches, the repository's operation to the organisation's unless the query names one", () => {
    const index = SearchIndex.build({
      units: [
        unit("gh", [
          op("orgs/list-webhooks", "List webhooks.", http("GET", "/orgs/{org}/hooks")),
          op("repos/list-webhooks", "List webhooks.", http("GET", "/repos/{owner}/{repo}/hooks")),
        ]),
      ],
    });
    expect(top(index, "list webhooks", 1)).toEqual(["gh.repos/list-webhooks"]);
    expect(top(index, "list an organization's webhooks", 1)).toEqual(["gh.orgs/list-webhooks"]);
    expect(top(index, "list org webhooks", 1)).toEqual(["gh.orgs/list-webhooks"]);
  });

  it("reads a state verb as an update in each unit that has no operation of that name", () => {
    // Slack closes a conversation; GitHub's REST API closes an issue by updating it.
    const index = SearchIndex.build({
      units: [
        unit("slack", [op("conversations_close", "Closes a direct message.")]),
        unit("github", [
          op("issues/update", "Update an issue.", http("PATCH", "/issues/{id}")),
          op("issues/get", "Get an issue.", http("GET", "/issues/{id}")),
        ]),
      ],
    });
    expect(top(index, "close an issue", 1)).toEqual(["github.issues/update"]);
    expect(top(index, "close a direct message", 1)).toEqual(["slack.conversations_close"]);
  });

  it("reads a word the index has as two words as those two (livestream → live stream)", () => {
    const index = SearchIndex.build({
      units: [
        unit("tube", [
          op("liveStreams.insert", "Creates a video stream."),
          op("videos.insert", "Uploads a video."),
          op("streams.list", "Lists streams."),
        ]),
      ],
    });
    expect(top(index, "schedule a livestream", 1)).toEqual(["tube.liveStreams.insert"]);
    // A split needs both sides in the index, each of three letters or more.
    expect(top(index, "schedule a livexyz", 3)).toEqual([]);
  });

  it("splits words of up to 30 letters only, so that a long word costs little", () => {
    const [a, b, c] = ["k".repeat(15), "q".repeat(15), "q".repeat(16)];
    const index = SearchIndex.build({
      units: [unit("x", [op(`${a}_${b}`, "One."), op(`${a}_${c}`, "Two.")])],
    });
    expect(top(index, `${a}${b}`, 1)).toEqual([`x.${a}_${b}`]);
    expect(top(index, `${a}${c}`, 1)).toEqual([]);
  });

  it("completes a prefix and forgives a small typo", () => {
    const index = SearchIndex.build({
      units: [unit("n", [op("createNote", "Create a note."), op("slow", "Answer after a delay.")])],
    });
    expect(top(index, "crea", 1)).toEqual(["n.createNote"]);
    expect(top(index, "delqy", 1)).toEqual(["n.slow"]);
    expect(top(index, "zzxqv kumquat")).toEqual([]);
  });

  it("lets the unit named in the query win, and filters by unit", () => {
    const index = SearchIndex.build({
      units: [
        unit("chat", [op("postMessage", "Send a message to a channel.")], { name: "Slack" }),
        unit("mail", [op("sendMessage", "Send a message to a mailbox.")], { name: "Mail" }),
      ],
    });
    expect(top(index, "send a message in slack", 1)).toEqual(["chat.postMessage"]);
    expect(index.query("send a message", 5, (id) => id === "mail").map((hit) => hit.unit)).toEqual(["mail"]);
  });

  it("answers a query of any length quickly, reading only its start", () => {
    const index = SearchIndex.build({ units: [unit("n", [op("createNote", "Create a note.")])] });
    // CPU time, which a busy machine does not inflate; reading the whole query would take seconds.
    const ms = cpuMsOf(() => {
      expect(top(index, `create note ${"x".repeat(1_000_000)}`, 1)).toEqual(["n.createNote"]);
      // Hundreds of words not in the index, each tried as a prefix and a near miss: only the first few are.
      const unknown = Array.from({ length: 200 }, (_, i) => `zqxv${i}w`).join(" ");
      expect(top(index, `create note ${unknown}`, 1)).toEqual(["n.createNote"]);
    });
    expect(ms).toBeLessThan(500);
  });
});

describe("the serialised index", () => {
  const manifest = {
    units: [unit("notes", [op("createNote", "<p>Create a note.</p>\n\nMore text.", http("POST", "/notes"))])],
  };

  it("holds the hit documents and term numbers per field, not texts", () => {
    const data = buildSearchIndex(manifest);
    expect(data.format).toBe(SEARCH_INDEX_FORMAT);
    expect(data.documents).toEqual([
      {
        unit: "notes",
        operation: "createNote",
        tsName: "createNote",
        summary: "Create a note.",
        signature: expect.any(String),
      },
    ]);
    expect(data.terms).toEqual([...data.terms].sort());
    const words = (ids: number[] = []) => ids.map((id) => data.terms[id]);
    const [name, summary, description, params, verb] = data.fields[0] ?? [];
    expect([words(name), words(summary), words(description), words(params), words(verb)]).toEqual([
      ["creat", "note"],
      ["creat", "note"],
      ["more", "text"],
      [],
      ["creat"],
    ]);
    expect(words(data.units[0]?.terms)).toEqual(["note", "servic"]);
    expect(data.depth).toEqual([1]);
  });

  it("is refused when it is of another format", () => {
    expect(() => SearchIndex.load({ ...buildSearchIndex(manifest), format: 1 })).toThrow(
      `not a search index of format ${SEARCH_INDEX_FORMAT}`,
    );
    expect(() => SearchIndex.load({ format: SEARCH_INDEX_FORMAT, documents: [] })).toThrow();
  });
});
