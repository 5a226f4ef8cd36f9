/**
 * The lexicon as a bridge from everyday words to API words: colloquial verbs for the lifecycle
 * actions (boot, trash, bring back, say yes), short forms and everyday nouns (creds, subs, dev box,
 * header), words written as one or two or spelled the British way, and the signs of a value (`+1`,
 * `$9.99`, `@oncall`). Each case pits the operation the task means against one its words find
 * without the lexicon.
 */
import { describe, expect, it } from "vitest";
import { readQuery } from "../../../runtime/search/terms.js";
import { index, op, top } from "./small-index.js";

/** The terms of the group a typed word leads, with how each came. */
function groupOf(query: string, typed: string): Record<string, string> {
  const group = readQuery(query).groups.find((g) => g.some((t) => t.term === typed && t.kind === "typed"));
  return Object.fromEntries((group ?? []).map((t) => [t.term, t.kind]));
}

describe("colloquial verbs for lifecycle actions", () => {
  const members = index(
    op("members/create", "Create a member of a group.", "POST", "/groups/{id}/members"),
    op("members/kick", "Kick a member from a group.", "POST", "/groups/{id}/kick"),
    op("members/list", "List the members of a group.", "GET", "/groups/{id}/members"),
    op("pages/delete", "Delete a page.", "DELETE", "/pages/{id}"),
    op("pages/restore", "Restore a deleted page.", "POST", "/pages/{id}/restore"),
    op("pages/get", "Get a page.", "GET", "/pages/{id}"),
  );

  it("boots a member out (kick), trashes a page (delete), brings one back (restore)", () => {
    expect(top(members, "boot dave from the design group")[0]).toBe("members/kick");
    expect(top(members, "trash that page")[0]).toBe("pages/delete");
    expect(top(members, "bring the page back")[0]).toBe("pages/restore");
  });

  it("reads a leading draft as making something, a leading tag as adding labels", () => {
    const search = index(
      op("notes/generate", "Generate release notes.", "POST", "/releases/notes"),
      op("notes/get", "Get the release notes of a release.", "GET", "/releases/{id}/notes"),
      op("labels/add", "Add labels to a runner.", "POST", "/runners/{id}/labels"),
      op("runners/get", "Get a runner.", "GET", "/runners/{id}"),
    );
    expect(top(search, "draft release notes")[0]).toBe("notes/generate");
    expect(top(search, "tag runner 7 with gpu")[0]).toBe("labels/add");
    // Not leading, "tag" and "draft" stay the things they name.
    expect(groupOf("list the draft notes", "draft")).not.toHaveProperty("creat");
  });

  it("reads saying yes as accepting, and a past form as its verb", () => {
    const quotes = index(
      op("quotes/create", "Create a quote for a customer.", "POST", "/quotes"),
      op("quotes/accept", "Accept a quote.", "POST", "/quotes/{id}/accept"),
      op("quotes/get", "Get a quote.", "GET", "/quotes/{id}"),
    );
    expect(top(quotes, "the customer said yes to the quote")[0]).toBe("quotes/accept");
  });

  it("reads ticking off as marking, and an account that stops working as one that expires", () => {
    const search = index(
      op("files/mark-viewed", "Mark a file as viewed.", "POST", "/files/{id}/viewed"),
      op("files/get", "Get a file.", "GET", "/files/{id}"),
      op("users/set-expiration", "Set the expiration of a guest account.", "POST", "/users/{id}/expiration"),
      op("users/get", "Get a guest account.", "GET", "/users/{id}"),
    );
    expect(top(search, "tick off this file")[0]).toBe("files/mark-viewed");
    expect(top(search, "the guest account should stop working next week")[0]).toBe("users/set-expiration");
  });
});

describe("more lifecycle verbs: cleaning out, flipping on, unbanning, carrying on", () => {
  it("reads cleaning out as deleting and flipping on as enabling", () => {
    const caches = index(
      op("caches/create", "Create a cache.", "POST", "/caches"),
      op("caches/delete", "Delete the caches of a repository.", "DELETE", "/caches"),
      op("features/enable", "Enable a feature.", "POST", "/features/{id}/enable"),
      op("features/get", "Get a feature.", "GET", "/features/{id}"),
    );
    expect(top(caches, "clean out the old caches")[0]).toBe("caches/delete");
    expect(top(caches, "flip on the beta feature")[0]).toBe("features/enable");
  });

  it("reads unban as unblock, carry on as resume, share with as invite", () => {
    expect(groupOf("unban dave", "unban")).toMatchObject({ unblock: "related" });
    expect(groupOf("carry on with the paused job", "carri")).toMatchObject({ resum: "related" });
    expect(groupOf("share the doc with bob", "share")).toMatchObject({ invit: "related" });
  });
});

describe("how hard, and where a thing is reached", () => {
  it("reads doing it hard as forcing it, and a URL as an endpoint", () => {
    const search = index(
      op("runs/cancel", "Cancel a run.", "POST", "/runs/{id}/cancel"),
      op("runs/force-cancel", "Force cancel a run.", "POST", "/runs/{id}/force-cancel"),
      op("endpoints/list", "List webhook endpoints.", "GET", "/webhook_endpoints"),
      op("events/list", "List the webhook events sent.", "GET", "/events"),
    );
    expect(top(search, "the run is stuck, cancel it hard")[0]).toBe("runs/force-cancel");
    expect(top(search, "which webhook urls have we set")[0]).toBe("endpoints/list");
  });
});

describe("everyday nouns and short forms for API nouns", () => {
  it("spells out shorthand: creds, subs, a dev box", () => {
    expect(groupOf("rotate the creds", "cred")).toMatchObject({ credenti: "related" });
    expect(groupOf("list my subs", "sub")).toMatchObject({ subscrib: "related" });
    const search = index(
      op("codespaces/create", "Create a codespace.", "POST", "/codespaces"),
      op("boxes/list", "List the boxes of a warehouse.", "GET", "/boxes"),
    );
    expect(top(search, "spin up a dev box")[0]).toBe("codespaces/create");
  });

  it("reads a channel's header as its topic and a link to a message as its permalink", () => {
    const chat = index(
      op("channels/set-topic", "Set the topic of a channel.", "POST", "/channels/{id}/topic"),
      op("channels/rename", "Rename a channel.", "POST", "/channels/{id}/name"),
      op("messages/permalink", "Get a permalink URL for a message.", "GET", "/messages/{id}/permalink"),
      op("messages/send", "Send a message to a channel.", "POST", "/messages"),
    );
    expect(top(chat, "change the header of the ops channel")[0]).toBe("channels/set-topic");
    expect(top(chat, "link to this message")[0]).toBe("messages/permalink");
  });

  it("reads a hold on a card as an authorization, and a word of waiting as pending", () => {
    const payments = index(
      op(
        "payments/increment-authorization",
        "Increment the authorization of a payment.",
        "POST",
        "/payments/{id}/increment",
      ),
      op("payments/update", "Update a payment.", "POST", "/payments/{id}"),
      op("invites/list-pending", "List pending invite requests.", "GET", "/invites/pending"),
      op("invites/list", "List invites.", "GET", "/invites"),
    );
    expect(top(payments, "raise the hold on this payment")[0]).toBe("payments/increment-authorization");
    expect(top(payments, "which invites are still waiting")[0]).toBe("invites/list-pending");
  });
});

describe("words written as one or two, or spelled the British way", () => {
  it("reads a livestream as a live broadcast, a whitelist as an allow list", () => {
    const search = index(
      op("uploads/start", "Start a video upload.", "POST", "/uploads/{id}/start"),
      op("broadcasts/start", "Start a live broadcast.", "POST", "/liveBroadcasts/{id}/start"),
      op("blocklist/add", "Add an address to the IP block list.", "POST", "/ip-block-list"),
      op("allowlist/add", "Add an address to the IP allow list.", "POST", "/ip-allow-list"),
    );
    expect(top(search, "start the livestream")[0]).toBe("broadcasts/start");
    expect(top(search, "whitelist an IP address")[0]).toBe("allowlist/add");
  });

  it("reads the British spelling of a word as the American one", () => {
    expect(groupOf("list my organisations", "organis")).toMatchObject({ organ: "form" });
    expect(groupOf("favourite this post", "favourit")).toMatchObject({ favorit: "form" });
  });
});

describe("signs of a value: a vote, an amount, a handle", () => {
  const groups = (query: string) => readQuery(query).groups.map((g) => g.map((t) => `${t.term}:${t.kind}`));

  it("reads +1 as an upvote, $9.99 as an amount, @oncall as a user or a group", () => {
    expect(groups("+1 that idea")).toContainEqual(["upvot:related", "like:related", "react:related"]);
    expect(groups("charge $9.99 a month")).toContainEqual(["amount:related", "price:related"]);
    expect(groups("make @oncall point to alice")).toContainEqual(["user:related", "group:related"]);
    expect(groups("email jane@acme.com")).not.toContainEqual(["user:related", "group:related"]);
  });

  it("finds the operation a vote names", () => {
    const search = index(
      op("discussions/create", "Create a discussion.", "POST", "/discussions"),
      op("discussions/upvote", "Add an upvote to a discussion.", "POST", "/discussions/{id}/upvotes"),
    );
    expect(top(search, "+1 that discussion")[0]).toBe("discussions/upvote");
  });
});

describe("everyday phrases for what a code host, a chat and a payment API do", () => {
  it("reads waiting until another is done as a dependency, out of draft as ready for review", () => {
    const issues = index(
      op(
        "issues/add-blocked-by",
        "Add a blocked-by dependency to an issue.",
        "POST",
        "/issues/{n}/blocked_by",
      ),
      op("issues/close", "Close an issue as done.", "PATCH", "/issues/{n}"),
      op("pulls/ready-for-review", "Mark a pull request ready for review.", "POST", "/pulls/{n}/ready"),
      op("pulls/convert-to-draft", "Convert a pull request to a draft.", "POST", "/pulls/{n}/draft"),
    );
    expect(top(issues, "issue 9 can't start until 8 is done")[0]).toBe("issues/add-blocked-by");
    expect(top(issues, "take my pull request out of draft")[0]).toBe("pulls/ready-for-review");
  });

  it("reads quitting a room as leaving a channel, and away as a presence only after as or to", () => {
    const chat = index(
      op("channels/leave", "Leave a channel.", "POST", "/channels/{id}/leave"),
      op("channels/rooms", "List the meeting rooms booked for a call.", "GET", "/calls/{id}/rooms"),
      op("users/set-presence", "Set the presence of a user.", "POST", "/users/presence"),
    );
    expect(top(chat, "quit that chat room")[0]).toBe("channels/leave");
    expect(groupOf("set me as away", "awai")).toMatchObject({ presenc: "related" });
    expect(groupOf("cancel it right away", "awai")).not.toHaveProperty("presenc");
  });

  it("reads writing off an invoice as marking it uncollectible, a card reader as a terminal reader", () => {
    const payments = index(
      op(
        "invoices/mark-uncollectible",
        "Mark an invoice as uncollectible.",
        "POST",
        "/invoices/{id}/uncollectible",
      ),
      op("invoices/update", "Update an invoice.", "POST", "/invoices/{id}"),
      op("terminal/readers/create", "Create a terminal reader.", "POST", "/terminal/readers"),
      op("cards/create", "Create a card.", "POST", "/cards"),
    );
    expect(top(payments, "write off this invoice")[0]).toBe("invoices/mark-uncollectible");
    expect(top(payments, "register a new card reader")[0]).toBe("terminal/readers/create");
  });
});
