/**
 * The lexicon's rows by area of everyday usage: who may do what, being told of things, settings,
 * money, content, people and time. Each case pits the operation a task means against one its words
 * find without the row, or shows the API word a task word now brings.
 */
import { describe, expect, it } from "vitest";
import { readQuery } from "../../../runtime/search/terms.js";
import { index, op, top } from "./small-index.js";

/** The terms of the group a typed word leads, with how each came. */
function groupOf(query: string, typed: string): Record<string, string> {
  const group = readQuery(query).groups.find((g) => g.some((t) => t.term === typed && t.kind === "typed"));
  return Object.fromEntries((group ?? []).map((t) => [t.term, t.kind]));
}

/** The groups of a query that no typed word leads (phrases of stop words alone), as their terms. */
function loneGroups(query: string): string[][] {
  return readQuery(query)
    .groups.filter((g) => !g.some((t) => t.kind === "typed"))
    .map((g) => g.map((t) => t.term));
}

describe("permissions and access", () => {
  it("reads letting someone push or commit as adding a collaborator", () => {
    const repos = index(
      op("collaborators/add", "Add a collaborator to a repository.", "PUT", "/repos/{r}/collaborators/{u}"),
      op("commits/list", "List the commits pushed to a repository.", "GET", "/repos/{r}/commits"),
      op("repos/get", "Get a repository.", "GET", "/repos/{r}"),
    );
    expect(top(repos, "let bob push to the repo")[0]).toBe("collaborators/add");
    expect(top(repos, "let the new designer commit to our repo")[0]).toBe("collaborators/add");
  });

  it("reads who can as a permission, only some as a restriction, admin rights as a role", () => {
    expect(loneGroups("who can merge into main")).toContainEqual(["permit", "access", "collabor"]);
    expect(loneGroups("only admins can comment")).toContainEqual(["restrict", "limit"]);
    expect(groupOf("give dave admin rights", "admin")).toMatchObject({ role: "related" });
  });
});

describe("notifications and delivery", () => {
  const repos = index(
    op(
      "repos/set-subscription",
      "Set a subscription to a repository's activity.",
      "PUT",
      "/repos/{r}/subscription",
    ),
    op("repos/list-activity", "List the activity of a repository.", "GET", "/repos/{r}/activity"),
    op(
      "repos/unsubscribe",
      "Unsubscribe from the notifications of a repository.",
      "DELETE",
      "/repos/{r}/sub",
    ),
    op("notifications/list", "List the notifications of a repository.", "GET", "/repos/{r}/notifications"),
  );

  it("reads being let know as a subscription, stopping notifications as unsubscribing", () => {
    expect(top(repos, "let me know about activity on this repo")[0]).toBe("repos/set-subscription");
    expect(top(repos, "keep me posted on activity in the repo")[0]).toBe("repos/set-subscription");
    expect(top(repos, "stop the notifications from this repo")[0]).toBe("repos/unsubscribe");
  });

  it("reads a feed as events, unsnoozing as ending a snooze", () => {
    expect(groupOf("show my news feed", "feed")).toMatchObject({ event: "related" });
    expect(groupOf("unsnooze me", "unsnooz")).toMatchObject({ snooz: "related" });
  });
});

describe("state and settings", () => {
  it("reads being throttled as a rate limit, guarding a branch as protecting it", () => {
    const search = index(
      op("limits/get", "Get the rate limit status of the caller.", "GET", "/rate_limit"),
      op("users/get", "Get the caller.", "GET", "/user"),
      op("branches/protect", "Update the protection of a branch.", "PUT", "/branches/{b}/protection"),
      op("branches/get", "Get a branch.", "GET", "/branches/{b}"),
    );
    expect(top(search, "are we being throttled")[0]).toBe("limits/get");
    expect(top(search, "guard the release branch")[0]).toBe("branches/protect");
  });

  it("reads a leading switch as a change, prefs as preferences, visible to as visibility", () => {
    expect(groupOf("switch the plan to yearly", "switch")).toMatchObject({ chang: "related" });
    expect(groupOf("restart the network switch", "switch")).not.toHaveProperty("chang");
    expect(groupOf("channel prefs", "pref")).toMatchObject({ prefer: "related" });
    expect(groupOf("make it visible to the org only", "visibl")).toMatchObject({ privat: "related" });
  });
});

describe("people and groups", () => {
  const org = index(
    op(
      "orgs/list-outside-collaborators",
      "List the outside collaborators of an organization.",
      "GET",
      "/orgs/{o}/oc",
    ),
    op("orgs/list-members", "List the members of an organization.", "GET", "/orgs/{o}/members"),
    op("orgs/create-invitation", "Create an invitation to an organization.", "POST", "/orgs/{o}/invitations"),
    op(
      "orgs/list-installations",
      "List the app installations of an organization.",
      "GET",
      "/orgs/{o}/installations",
    ),
  );

  it("reads freelancers as outside collaborators and plugins as app installations", () => {
    expect(top(org, "which freelancers are in the org")[0]).toBe("orgs/list-outside-collaborators");
    expect(top(org, "list the plugins in the org")[0]).toBe("orgs/list-installations");
  });

  it("reads hires as people to invite, a squad as a team, a service account as a bot", () => {
    expect(groupOf("add the hires", "hire")).toMatchObject({ invit: "related" });
    expect(groupOf("create a squad", "squad")).toMatchObject({ team: "related" });
    expect(groupOf("make a service account", "servic")).toMatchObject({ bot: "related" });
  });
});

describe("money", () => {
  const payments = index(
    op("invoices/list", "List invoices.", "GET", "/invoices"),
    op("customers/list", "List customers.", "GET", "/customers"),
    op(
      "payment-methods/list",
      "List the payment methods of a customer.",
      "GET",
      "/customers/{c}/payment_methods",
    ),
    op("balance-transactions/list", "List balance transactions.", "GET", "/balance_transactions"),
    op("subscriptions/update", "Update a subscription.", "POST", "/subscriptions/{s}"),
    op("customers/update", "Update a customer.", "POST", "/customers/{c}"),
  );

  it("reads owing as an open invoice, a saved card as a payment method, a statement as transactions", () => {
    expect(top(payments, "which customers are overdue")[0]).toBe("invoices/list");
    expect(top(payments, "show the customer's saved cards")[0]).toBe("payment-methods/list");
    expect(top(payments, "show my statement for march")[0]).toBe("balance-transactions/list");
  });

  it("reads a free trial as a subscription's, paying out as a payout", () => {
    expect(top(payments, "extend this customer's free trial")[0]).toBe("subscriptions/update");
    expect(groupOf("pay out the balance now", "pai")).toMatchObject({ payout: "related" });
  });
});

describe("content and media", () => {
  const videos = index(
    op("playlists/insert", "Create a playlist.", "POST", "/playlists"),
    op("videos/insert", "Upload a video.", "POST", "/videos"),
    op("comments/list", "List the comments of a video.", "GET", "/comments"),
    op("videos/list", "List videos.", "GET", "/videos"),
    op("discussions/create", "Create a discussion.", "POST", "/discussions"),
    op("issues/create", "Create an issue.", "POST", "/issues"),
  );

  it("reads a series as a playlist, feedback as comments, a forum post as a discussion", () => {
    expect(top(videos, "start a new series of videos about cooking")[0]).toBe("playlists/insert");
    expect(top(videos, "read the feedback on my video")[0]).toBe("comments/list");
    expect(top(videos, "open a forum post about the roadmap")[0]).toBe("discussions/create");
  });

  it("reads moderating as a moderation status, a leading flag as a report", () => {
    expect(groupOf("hold this comment for review", "hold")).toMatchObject({ moder: "related" });
    expect(groupOf("flag this video as spam", "flag")).toMatchObject({ report: "related" });
    expect(groupOf("list the flag values", "flag")).not.toHaveProperty("report");
  });
});

describe("time words that stand for an operation", () => {
  const search = index(
    op("messages/schedule", "Schedule a message to send later.", "POST", "/messages/schedule"),
    op("messages/send", "Send a message.", "POST", "/messages"),
    op("events/list", "List the events of a repository since a time.", "GET", "/repos/{r}/events"),
    op("repos/get", "Get a repository.", "GET", "/repos/{r}"),
    op("settings/set-retention", "Set the retention of artifacts and logs.", "PUT", "/settings/retention"),
    op("artifacts/list", "List artifacts and logs.", "GET", "/artifacts"),
  );

  it("reads every morning as a schedule, yesterday as history, keeping around as retention", () => {
    expect(top(search, "post a standup message every morning")[0]).toBe("messages/schedule");
    expect(top(search, "what happened in the repo yesterday")[0]).toBe("events/list");
    expect(top(search, "keep artifacts around for 30 days")[0]).toBe("settings/set-retention");
  });

  it("reads valid until as an expiration", () => {
    expect(groupOf("the token is valid until friday", "valid")).toMatchObject({ expir: "related" });
  });
});

describe("tasks that say who gets paid, who sees a message and when a change starts", () => {
  const payments = index(
    op("transfers/create", "Create a transfer to a connected account.", "POST", "/transfers"),
    op("invoices/pay", "Pay an invoice.", "POST", "/invoices/{i}/pay"),
    op("accounts/get", "Get a connected account.", "GET", "/accounts/{a}"),
    op("schedules/create", "Create a subscription schedule.", "POST", "/subscription_schedules"),
    op("subscriptions/update", "Update a subscription.", "POST", "/subscriptions/{s}"),
    op("webhook-endpoints/create", "Create a webhook endpoint.", "POST", "/webhook_endpoints"),
    op("payments/list", "List payments.", "GET", "/payments"),
  );

  it("reads paying someone as a transfer, next month as a schedule, our server as a webhook endpoint", () => {
    expect(top(payments, "pay the connected account its share")[0]).toBe("transfers/create");
    expect(top(payments, "move this subscription to the yearly price next month")[0]).toBe(
      "schedules/create",
    );
    expect(top(payments, "notify our server when a payment succeeds")[0]).toBe("webhook-endpoints/create");
  });

  it("reads a message only one person can see as ephemeral, joining by itself as a default", () => {
    const chat = index(
      op(
        "chat/post-ephemeral",
        "Post an ephemeral message to a user in a channel.",
        "POST",
        "/chat.postEphemeral",
      ),
      op("chat/post-message", "Post a message to a channel.", "POST", "/chat.postMessage"),
    );
    expect(top(chat, "post a message in the channel only tom can see")[0]).toBe("chat/post-ephemeral");
    expect(groupOf("new members should auto join these channels", "auto")).toMatchObject({
      default: "related",
    });
    expect(groupOf("move them from basic to premium", "basic")).toMatchObject({ plan: "related" });
  });
});

describe("everyday names for a code host's, a video site's and a payment API's things", () => {
  it("reads hashtags as topics, my own copy as a fork, a website as a pages site, a sprint as a milestone", () => {
    const repos = index(
      op("repos/replace-topics", "Replace all topics of a repository.", "PUT", "/repos/{r}/topics"),
      op("repos/update", "Update a repository.", "PATCH", "/repos/{r}"),
      op("forks/create", "Create a fork of a repository.", "POST", "/repos/{r}/forks"),
      op("repos/create", "Create a repository.", "POST", "/user/repos"),
      op("pages/create", "Create a GitHub Pages site for a repository.", "POST", "/repos/{r}/pages"),
      op("milestones/create", "Create a milestone.", "POST", "/repos/{r}/milestones"),
    );
    expect(top(repos, "set the hashtags of the repo")[0]).toBe("repos/replace-topics");
    expect(top(repos, "make my own copy of this repo")[0]).toBe("forks/create");
    expect(top(repos, "publish a website for the repo")[0]).toBe("pages/create");
    expect(top(repos, "start a new sprint in the repo")[0]).toBe("milestones/create");
  });

  it("reads an estimate as a quote, a buy link as a payment link", () => {
    const payments = index(
      op("quotes/create", "Create a quote.", "POST", "/quotes"),
      op("invoices/create", "Create an invoice.", "POST", "/invoices"),
      op("payment-links/create", "Create a payment link.", "POST", "/payment_links"),
      op("links/create", "Create a file link.", "POST", "/file_links"),
    );
    expect(top(payments, "send the customer an estimate for the work")[0]).toBe("quotes/create");
    expect(top(payments, "make a buy link for the ebook")[0]).toBe("payment-links/create");
  });

  it("reads a genre as a category, a logo overlay as a watermark, a private message as a direct one", () => {
    expect(groupOf("list the genres", "genr")).toMatchObject({ categori: "related" });
    expect(groupOf("add a logo overlay to my videos", "logo")).toMatchObject({ watermark: "related" });
    expect(groupOf("send bob a private message", "privat")).toMatchObject({ direct: "related" });
    expect(groupOf("list our sub accounts", "sub")).toMatchObject({ connect: "related" });
  });
});
