/**
 * The lexicon's rows by area of everyday usage (read by `lexicon.ts` beside `lexicon-words.ts` and
 * `lexicon-nouns.ts`): who may do what, being told of things, settings, people, money, content and
 * time, as people say them and as APIs name them. Each group's comment says where it comes from.
 */

/** Task verbs and phrases → the verbs (and the odd thing) APIs use for them. */
export const LEXICON_USAGE_VERBS: ReadonlyArray<readonly [task: string, api: string]> = [
  // Access: letting someone push or commit makes them a collaborator with that permission; taking
  // access away revokes or removes it.
  ["let * push, let * write, let * commit, let * merge", "collaborator add permission"],
  ["take away access, remove * access, revoke * access, lock * out", "revoke remove permission"],
  // Notifications: stopping them unsubscribes or mutes; catching up reads what is unread.
  ["stop * notifications, stop * emails, stop * alerts, no more notifications", "unsubscribe mute"],
  ["catch up, catch up on", "unread notification history"],
  ["unsnooze, unmute", "end snooze"],
  // Settings: guarding a thing is protecting it by a rule; throttling is a rate limit.
  ["guard, safeguard", "protection rule policy"],
  ["throttle, throttled, throttling", "rate limit"],
  // Money paid out of a balance is a payout.
  ["pay out, paid out", "payout"],
  // Content: putting a thing up online uploads or publishes it; moderating sets its moderation status.
  ["put up, put online, post online", "upload publish insert"],
  ["moderate, hold * for review, held for review", "moderation status"],
  // Time: keeping a thing for a time is a retention setting.
  ["retain, keep for, keep * around, hang on to, hold on to", "retention"],
];

/** Verbs mostly nouns elsewhere ("a switch", "a flag"): read as verbs only when a task starts with them. */
export const LEXICON_USAGE_LEADING: ReadonlyArray<readonly [task: string, api: string]> = [
  ["switch, swap", "change update set replace"],
  // Content: flagging a post reports it or marks it as spam.
  ["flag", "report mark spam"],
  // Money: paying someone (not a bill) moves money to them: a transfer, a payout, a payment.
  ["pay", "transfer payout payment"],
];

/** Task nouns → the nouns APIs use for the same thing. */
export const LEXICON_USAGE_NOUNS: ReadonlyArray<readonly [task: string, api: string]> = [
  // Access: a level of access is a permission or a role; who may is a permission, only some a restriction.
  [
    "read access, view access, pull access, triage access, maintain access, admin access, admin rights, admin privileges, access rights, edit rights, privileges, privilege, access level",
    "permission role",
  ],
  ["who can, who has access, who may", "permission access collaborator"],
  ["only * can, only * may, limit who, restrict who", "restriction limit"],
  // Notifications: asking to be told of something is a subscription (to notifications, a webhook);
  // a feed of what happened is a list of events or activities.
  [
    "alert me, let me know, tell me when, keep me posted, keep me updated, get notified, be notified, notify me, email me when",
    "notification subscription webhook",
  ],
  ["feed, news feed, activity feed", "event activity"],
  // A machine of ours told of events is a webhook's endpoint.
  ["our server, my server, our backend, my backend", "webhook endpoint"],
  // Settings: preferences in shorthand; who sees a thing is its visibility.
  ["prefs, pref", "preference setting"],
  ["visible to, viewable by, who can see, who sees", "visibility private public"],
  // What only one person sees is private, or ephemeral (as chat APIs call a message only one sees).
  ["only * can see, only * sees, visible only to, only visible to", "ephemeral private visibility"],
  // What happens by default, or joins by itself, is a default.
  ["auto join, auto joined, by default", "default"],
  // People: freelancers are outside collaborators, hires people to invite, leavers members to remove;
  // a service account is a bot, a plugin an installed app, fans a channel's subscribers.
  ["external collaborator, external contributor, non member, freelancer, consultant", "outside collaborator"],
  ["hire, hires, newcomer, newcomers, joiner, joiners", "invite member"],
  ["leaver, leavers, former employee, ex employee, former member", "remove member deactivate"],
  ["squad, squads", "team group"],
  ["author, poster, submitter", "creator owner user"],
  ["service account, machine user, machine account, robot", "bot app"],
  ["plugin, plugins, add on, addon, add ons", "app installation integration"],
  ["fan, fans, fanbase, audience", "subscriber subscription follower"],
  // Money: bills are invoices, what is owed an open invoice, a card on file a payment method, a
  // statement the balance's transactions; a trial or a basic plan is a subscription's, which renews
  // each period.
  ["bill, bills", "invoice"],
  ["overdue, unpaid, past due, outstanding, owed, owe, owes", "invoice due open"],
  ["free trial, trial period, trial", "trial subscription"],
  ["basic, basic plan", "plan subscription price"],
  ["renew, renews, renewal, auto renew", "subscription period"],
  [
    "credit card, debit card, bank card, payment card, card on file, saved card",
    "payment method card source",
  ],
  ["bank account, iban, routing number, bank details", "bank account external"],
  ["cart, basket, shopping cart", "checkout session line item"],
  ["tip, tips, donation, donations", "payment charge"],
  ["statement, ledger, bank statement", "balance transaction"],
  ["fx, forex, currency conversion, conversion rate", "exchange rate"],
  // Money: a link to pay is a payment link, an estimate a quote, a seller's account under a
  // platform a connected account.
  ["checkout link, pay link, buy link, buy button", "payment link"],
  ["estimate, estimates, proposal", "quote"],
  ["sub account, subaccount, sub accounts, subaccounts", "connected account"],
  // Content: a series of videos is a playlist, feedback comments, a forum discussions; counts of
  // views and likes are statistics.
  ["series, video list, list of videos", "playlist"],
  ["view count, like count, subscriber count, comment count, watch time", "statistics count"],
  ["feedback, remark, remarks", "comment"],
  ["forum, forums, forum post, q&a", "discussion"],
  // Content: hashtags are a thing's topics or tags, a genre its category, a logo over a video its
  // watermark, a website a code host's pages site, a private message a direct one, a copy of
  // someone's repository a fork.
  ["hashtag, hashtags, keyword, keywords", "topic tag label"],
  ["genre, genres", "category"],
  ["overlay, logo overlay", "watermark"],
  ["website, static site, docs site", "pages site"],
  ["private message, private messages", "direct message"],
  ["own copy, my copy, our copy", "fork"],
  // Time: what repeats, or starts next week, runs on a schedule; what happened since a time is
  // history; what lasts a time expires.
  [
    "daily, nightly, hourly, every day, every night, every hour, every morning, every week, every month, each day, each week, cron",
    "schedule recurring interval",
  ],
  [
    "next week, next month, next year, starting next, in a week, in a month, in an hour",
    "schedule scheduled",
  ],
  ["yesterday, ago, earlier today, so far, to date, over time", "history since"],
  ["valid until, good until, valid for, ttl, time to live, lifetime", "expire expiration"],
  // Time: a sprint is a milestone, or an iteration of a project.
  ["sprint, sprints", "milestone iteration"],
];
