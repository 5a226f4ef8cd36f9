/**
 * How search reads text: word splitting, HTML and URLs, the Porter stemmer with its few joined
 * derivations, abbreviations, stop words, query synonyms and hints, and that every step stays
 * linear on hostile input.
 */
import { describe, expect, it } from "vitest";
import { indexTerms } from "../../../runtime/search/index-terms.js";
import {
  MAX_QUERY_CHARS,
  MAX_QUERY_LENGTH,
  MAX_QUERY_WORDS,
  queryProblem,
} from "../../../runtime/search/query-limits.js";
import { plainText, splitWords } from "../../../runtime/search/split-words.js";
import { stem } from "../../../runtime/search/stem.js";
import { readQuery } from "../../../runtime/search/terms.js";
import { leastCpuMsOf } from "../../support/cpu-time.js";

describe("splitWords", () => {
  it.each([
    ["getUserById", ["get", "User", "By", "Id"]],
    ["get_user-by/id", ["get", "user", "by", "id"]],
    ["HTMLParser", ["HTML", "Parser"]],
    ["parseHTML", ["parse", "HTML"]],
    ["listPRs and URLs", ["list", "PRs", "and", "URLs"]],
    ["v2Api", ["v2", "Api"]],
    ["service42", ["service42"]],
    ["pulls/list-review-comments", ["pulls", "list", "review", "comments"]],
    ["youtube.videos.getRating", ["youtube", "videos", "get", "Rating"]],
    ["chat_postMessage", ["chat", "post", "Message"]],
    ["ÉtatCivil über", ["État", "Civil", "über"]],
    ["  --  ", []],
    ["", []],
  ])("%j → %j", (text, words) => {
    expect(splitWords(text)).toEqual(words);
  });
});

describe("plainText", () => {
  it("drops HTML tags and URLs, keeps the words", () => {
    expect(
      plainText('<p>Creates a <a href="/docs/x">customer</a>.</p>').split(/\s+/).filter(Boolean),
    ).toEqual(["Creates", "a", "customer", "."]);
    expect(indexTerms(plainText("See [the docs](https://docs.github.com/rest/pulls) now"))).toEqual([
      "see",
      "doc",
      "now",
    ]);
  });

  it("keeps a lone < and URLs when asked", () => {
    expect(plainText("a < b and c <d")).toBe("a < b and c <d");
    expect(plainText("see https://x.test/a", { urls: false })).toBe("see https://x.test/a");
  });
});

describe("stem", () => {
  // From Porter's paper and its published vocabulary.
  it.each([
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["cats", "cat"],
    ["agreed", "agre"],
    ["plastered", "plaster"],
    ["motoring", "motor"],
    ["sing", "sing"],
    ["conflated", "conflat"],
    ["hopping", "hop"],
    ["falling", "fall"],
    ["filing", "file"],
    ["happy", "happi"],
    ["relational", "relat"],
    ["conditional", "condit"],
    ["digitizer", "digit"],
    ["vietnamization", "vietnam"],
    ["operator", "oper"],
    ["hopefulness", "hope"],
    ["sensibiliti", "sensibl"],
    ["triplicate", "triplic"],
    ["electrical", "electr"],
    ["goodness", "good"],
    ["adjustment", "adjust"],
    ["adoption", "adopt"],
    ["effective", "effect"],
    ["controll", "control"],
    ["generalizations", "gener"],
  ])("Porter: %s → %s", (word, stemmed) => {
    expect(stem(word)).toBe(stemmed);
  });

  it.each([
    ["repositories", "repository"],
    ["issues", "issue"],
    ["pulls", "pull"],
    ["creating", "create"],
    ["creation", "create"],
    ["subscription", "subscribe"],
    ["notification", "notify"],
    ["deliveries", "deliver"],
    ["permissions", "permit"],
    ["descriptions", "describe"],
    ["customers", "customer"],
    ["registration", "register"],
    ["suspension", "suspend"],
    ["extension", "extend"],
    ["assignees", "assign"],
  ])("%s and %s share a stem", (a, b) => {
    expect(stem(a)).toBe(stem(b));
  });

  it("keeps customer apart from custom, and leaves short, long and non-ASCII words whole", () => {
    expect(stem("customer")).not.toBe(stem("custom"));
    expect(stem("is")).toBe("is");
    expect(stem("a".repeat(31))).toBe("a".repeat(31));
    expect(stem("größe")).toBe("größe");
    expect(stem("v2")).toBe("v2");
  });
});

describe("indexTerms", () => {
  it("lower-cases, drops stop words and single letters, spells out abbreviations and stems", () => {
    expect(indexTerms("List the PRs of my repo")).toEqual(["list", "pull", "request", "repositori"]);
    expect(indexTerms("Get an org's info")).toEqual(["get", "organ", "inform"]);
    expect(indexTerms("rerun a job")).toEqual(["re", "run", "job"]);
    expect(indexTerms("Return 2 items")).toEqual(["return", "2", "item"]);
  });

  it("drops words that say which one, not what: single, given", () => {
    expect(indexTerms("Gets a single event")).toEqual(["get", "event"]);
    expect(indexTerms("Retrieves the invoice with the given ID")).toEqual(["retriev", "invoic", "id"]);
  });
});

describe("readQuery", () => {
  const terms = (query: string) =>
    readQuery(query).groups.map((group) =>
      group
        .filter((t) => t.kind !== "synonym" || ["creat", "get", "delet", "updat", "list"].includes(t.term))
        .map((t) => (t.kind === "typed" ? t.term : `${t.kind}:${t.term}`)),
    );

  it("adds each verb's synonyms to its group, and merges words of one meaning into one group", () => {
    expect(terms("open a new issue in a repository")).toEqual([
      ["open", "synonym:creat", "new"],
      ["issu"],
      ["repositori"],
    ]);
    expect(terms("remove a label")).toEqual([["remov", "synonym:delet"], ["label"]]);
    expect(terms("read an issue")[0]).toEqual(["read", "synonym:get"]);
    expect(terms("edit a comment")[0]).toEqual(["edit", "synonym:updat"]);
    expect(terms("enumerate teams")[0]).toEqual(["enumer", "synonym:list"]);
  });

  it("adds to a state verb the update it falls back to, and nothing to other verbs", () => {
    expect(terms("close a milestone")[0]).toContain("fallback:updat");
    expect(terms("rename a playlist")[0]).toEqual(["renam", "fallback:updat"]);
    expect(terms("edit a comment")[0]).not.toContain("fallback:updat");
  });

  it.each([
    ["fetch", ["get", "read", "show", "view", "retrieve"]],
    ["delete", ["remove", "destroy", "erase"]],
    ["create", ["add", "new", "open", "make", "publish", "insert"]],
    ["update", ["edit", "change", "modify", "set"]],
    ["list", ["enumerate", "browse"]],
    ["search", ["find", "lookup"]],
    ["move", ["transfer"]],
    ["hide", ["minimize", "collapse"]],
    ["watch", ["follow", "subscribe"]],
    ["online", ["presence", "availability"]],
    ["money", ["funds"]],
    ["channel", ["conversation"]],
    // GitHub names its newest release, run or commit "latest" (`repos/get-latest-release`).
    ["newest", ["latest", "recent", "last"]],
    // Slack's `*.info` methods "retrieve information about" a user or channel.
    ["details", ["information"]],
    // Slack ends what it started (`dnd.endSnooze`, `calls.end`).
    ["stop", ["end", "cancel"]],
    // Stripe voids an invoice and captures an authorised payment.
    ["cancel", ["void"]],
    ["collect", ["capture"]],
    // People give someone access; GitHub adds a team's repository permissions.
    ["give", ["add", "create"]],
    ["access", ["permission"]],
    // Issue trackers file bugs and tickets as issues.
    ["bug", ["issue", "ticket"]],
    ["subtitles", ["caption"]],
    ["pause", ["suspend"]],
    ["link", ["attach"]],
    ["publish", ["upload"]],
    // A thumbs up or a heart is a reaction, and a like.
    ["like", ["react", "rate"]],
    ["kill", ["delete"]],
    ["nuke", ["delete"]],
    ["unsend", ["delete"]],
    ["grab", ["get"]],
    ["fix", ["update"]],
    ["convert", ["update"]],
    ["tell", ["send"]],
    ["diff", ["compare"]],
    ["balance", ["money", "funds"]],
    ["next", ["upcoming"]],
    ["chargeback", ["dispute"]],
    ["CI", ["workflow", "pipeline"]],
  ])("%s finds %j", (verb, synonyms) => {
    const group = readQuery(`${verb} things`).groups[0]?.map((t) => t.term) ?? [];
    expect(group).toEqual(expect.arrayContaining(synonyms.map(stem)));
  });

  it("keeps apart things an API names apart: a tag (of git) is not a label (of an issue)", () => {
    expect(readQuery("list tags").groups[1]).toEqual([{ term: "tag", kind: "typed" }]);
  });

  it("reads 'all' as a list and 'my' as the caller, without typing them", () => {
    expect(terms("all customers")).toEqual([["customer"], ["synonym:list"]]);
    expect(terms("list all customers")).toEqual([["list"], ["customer"]]);
    expect(terms("update my profile").at(-1)).toEqual(["self:authent", "self:current", "self:viewer"]);
    expect(readQuery("all my").groups).toEqual([]);
  });

  it("reads 'who' as asking for people: members or users", () => {
    expect(readQuery("who is in a channel").groups.at(-1)).toEqual([
      { term: "member", kind: "synonym" },
      { term: "user", kind: "synonym" },
    ]);
    expect(readQuery("who").groups).toEqual([]);
  });

  it("keeps a reaction apart from a rating, and a reply apart from making things", () => {
    const group = (query: string) => readQuery(query).groups[0]?.map((t) => t.term) ?? [];
    expect(group("react to a comment")).not.toContain(stem("rate"));
    expect(group("make a channel")).not.toContain(stem("reply"));
    expect(group("reply to a comment")).toEqual(expect.arrayContaining(["respond", "answer"].map(stem)));
  });

  it("reads people as members or users, and a day to come as something scheduled", () => {
    const people = [
      { term: "member", kind: "synonym" },
      { term: "user", kind: "synonym" },
    ];
    expect(readQuery("remove someone from a channel").groups.at(-1)).toEqual(people);
    expect(readQuery("invite a coworker").groups).toContainEqual(people);
    expect(readQuery("send a message tomorrow").groups.at(-1)).toEqual([
      { term: "schedul", kind: "synonym" },
    ]);
    expect(readQuery("send a message on Friday").groups.at(-1)).toEqual([
      { term: "schedul", kind: "synonym" },
    ]);
    expect(
      readQuery("send a message")
        .groups.flat()
        .map((t) => t.term),
    ).not.toContain("schedul");
  });

  it("reads a request to see many things as a list, and one thing as a get", () => {
    expect(terms("show open pull requests")[0]).toContain("synonym:list");
    expect(terms("show a pull request")[0]).not.toContain("synonym:list");
    expect(terms("show the status")[0]).not.toContain("synonym:list");
    // "all" asks for the list already; it is not asked twice.
    expect(
      terms("show all invoices")
        .flat()
        .filter((t) => t === "synonym:list"),
    ).toHaveLength(1);
  });

  it("reads 'open' and 'new' after a verb as which ones, not as creating", () => {
    expect(terms("list open issues")[1]).toEqual(["open"]);
    expect(terms("show new invoices")[1]).toEqual(["new"]);
    expect(terms("open an issue")[0]).toContain("synonym:creat");
  });

  it("reads a verb's past participle after the first word as which one, not as what to do", () => {
    expect(readQuery("reopen a closed pull request").phrase).toEqual(["reopen", "pull", "request"]);
    expect(readQuery("restore a deleted file").phrase).toEqual(["restor", "file"]);
    // A participle of no action stays: a self-hosted runner is a kind of runner.
    expect(readQuery("list self-hosted runners").phrase).toEqual(["list", "self", "host", "runner"]);
    expect(readQuery("closed issues").phrase).toEqual(["close", "issu"]);
  });

  it("reads a question as asking to see, where a task with no verb asks to make", () => {
    expect(terms("what's holding this issue up").at(-1)).toEqual(["implied:get"]);
    expect(terms("what branch is the default").at(-1)).toEqual(["implied:get"]);
    // Which of many things asks for their list.
    expect(terms("which files changed in a pull request").at(-1)).toEqual(["synonym:list", "synonym:get"]);
    expect(terms("comment on an issue").at(-1)).toEqual(["implied:creat"]);
  });

  it("reads a task whose words the lexicon relates only to nouns as having no verb", () => {
    // "payment page" is a checkout session, "admin" a role: things, not what to do with them.
    expect(terms("a hosted payment page for the pro plan").at(-1)).toEqual(["implied:creat"]);
    expect(terms("admin rights for dave on the repo").at(-1)).toEqual(["implied:creat"]);
    // An API verb the lexicon relates still says what to do: ship → merge.
    expect(terms("ship this PR").flat()).not.toContain("implied:creat");
  });

  it("reads 'everything' as a list, as 'all'", () => {
    expect(terms("everything in a project")).toEqual([["project"], ["synonym:list"]]);
  });

  it("reads 'make' ending on a state as a change of a thing that exists", () => {
    expect(terms("make the repository private")[0]).toEqual(["chang", "synonym:updat"]);
    expect(terms("make a channel public")[0]).toEqual(["chang", "synonym:updat"]);
    // The state before the thing makes a new one.
    expect(terms("make a private channel")[0]).toEqual(["make", "synonym:creat"]);
    expect(terms("make private")[0]).toEqual(["make", "synonym:creat"]);
  });

  it("keeps the typed words in order for the phrase boost", () => {
    expect(readQuery("List pull requests").phrase).toEqual(["list", "pull", "request"]);
  });

  it(`reads at most ${MAX_QUERY_CHARS} characters and ${MAX_QUERY_WORDS} words`, () => {
    const long = readQuery(`${"w".repeat(MAX_QUERY_CHARS - 1)} tail`);
    expect(long.phrase).toEqual(["w".repeat(MAX_QUERY_CHARS - 1)]);
    const many = readQuery(Array.from({ length: 100 }, (_, i) => `word${i}`).join(" "));
    expect(many.phrase).toHaveLength(MAX_QUERY_WORDS);
    expect(many.phrase.at(-1)).toBe(`word${MAX_QUERY_WORDS - 1}`);
  });
});

describe("linear time on hostile input", () => {
  // Each would take seconds of CPU with a backtracking or quadratic step; linear, well under one.
  // CPU time, not wall time: a busy machine does not inflate it.
  it.each([
    ["a long run of capitals", `${"A".repeat(200_000)}a`],
    ["alternating case", "aA".repeat(100_000)],
    ["unclosed tags", "<a".repeat(100_000)],
    ["URL starts", "http://".repeat(30_000)],
    ["a word of y", "y".repeat(200_000)],
  ])("%s", (_, text) => {
    expect(leastCpuMsOf(() => indexTerms(plainText(text)), 3)).toBeLessThan(1_500);
    expect(leastCpuMsOf(() => readQuery(text), 3)).toBeLessThan(200);
  });
});

describe("queryProblem", () => {
  it("accepts queries up to the maximum and refuses longer ones with a code and a hint", () => {
    expect(queryProblem("x".repeat(MAX_QUERY_LENGTH))).toBeUndefined();
    expect(queryProblem("x".repeat(MAX_QUERY_LENGTH + 1))).toEqual({
      code: "QUERY_TOO_LONG",
      message: `the query is ${MAX_QUERY_LENGTH + 1} characters long; at most ${MAX_QUERY_LENGTH} are searched`,
      hint: expect.stringContaining("in a few words"),
    });
  });
});
