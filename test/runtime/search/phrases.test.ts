/**
 * Phrasal verbs and idioms read as the verb they mean in a query, separable ones with a few words
 * between, fixed ones only side by side, each word folded once, in linear time.
 */
import { describe, expect, it } from "vitest";
import { foldPhrases } from "../../../runtime/search/phrases.js";
import { readQuery } from "../../../runtime/search/terms.js";
import { cpuMsOf } from "../../support/cpu-time.js";

describe("readQuery with phrases", () => {
  it.each([
    ["give a customer their money back", ["refund", "customer", "monei"]],
    ["pay me back", ["refund"]],
    ["take back an invitation", ["revok", "invit"]],
    ["set up a webhook", ["creat", "webhook"]],
    ["sign in with a token", ["authent", "token"]],
    ["log in", ["authent"]],
    ["turn off notifications", ["disabl", "notif"]],
    ["turn the alarm on", ["enabl", "alarm"]],
    ["switch notifications off", ["disabl", "notif"]],
    ["get rid of a label", ["delet", "label"]],
    // "Deleted" says which file (a past participle after the verb), not what to do.
    ["put a deleted file back", ["restor", "file"]],
    ["hand the repository over to a team", ["transfer", "repositori", "team"]],
    ["kick a member out of a channel", ["remov", "member", "channel"]],
    ["find out the status of a check", ["get", "statu", "check"]],
    // Asking to be given something is asking to see it; "me" here does not mean the caller's own.
    ["give me the open invoices", ["get", "open", "invoic"]],
    ["give us the members of a channel", ["get", "member", "channel"]],
    // Filing a bug opens one; a file alone is a thing.
    ["file a bug on a repo", ["creat", "bug", "repositori"]],
    ["delete a file from a repo", ["delet", "file", "repositori"]],
    ["thumbs up a comment", ["like", "comment"]],
    ["pop up a form", ["open", "form"]],
    ["spin up a server", ["creat", "server"]],
    ["sign up a customer", ["creat", "customer"]],
    ["boot someone out of the channel", ["remov", "channel"]],
    ["throw out a stale approval", ["delet", "stale", "approv"]],
    ["claw back a transfer", ["revers", "transfer"]],
    ["look over my pull request", ["review", "pull", "request"]],
  ])("reads the phrase in %j as the verb it means", (query, phrase) => {
    expect(readQuery(query).phrase).toEqual(phrase);
  });

  it("reads 'give me' as asking to see, not as the caller's own", () => {
    const kinds = readQuery("give me the open invoices")
      .groups.flat()
      .map((t) => t.kind);
    expect(kinds).not.toContain("self");
    expect(
      readQuery("give me my invoices")
        .groups.flat()
        .map((t) => t.kind),
    ).toContain("self");
  });

  it("folds a phrase only with its words in order, near enough, and the fixed ones side by side", () => {
    expect(readQuery("back up and give").phrase).toEqual(["back", "give"]);
    expect(readQuery("give one two three four five back").phrase).toEqual([
      "give",
      "two",
      "three",
      "four",
      "five",
      "back",
    ]);
    // A log in a repository is not a sign-in: "log in" folds only side by side, as said.
    expect(readQuery("get the log of a run in a repository").phrase).toEqual([
      "get",
      "log",
      "run",
      "repositori",
    ]);
    // Each word folds once: a second head reuses no particle already taken.
    expect(readQuery("give give back back").phrase).toEqual(["refund", "refund"]);
  });
});

describe("foldPhrases", () => {
  it("puts the verb in the place of the phrase's first word and keeps the words between", () => {
    expect(foldPhrases(["give", "a", "customer", "their", "money", "back"])).toEqual([
      "refund",
      "a",
      "customer",
      "their",
      "money",
    ]);
  });

  it("stays linear on many phrase heads with no particle", () => {
    const words = Array.from({ length: 100_000 }, () => "give");
    // CPU time, which a busy machine does not inflate; a quadratic fold would take minutes.
    expect(cpuMsOf(() => expect(foldPhrases(words)).toHaveLength(words.length))).toBeLessThan(1_000);
  });
});
