/**
 * The lexicon's table of nouns (read by `lexicon.ts`; its verbs are in `lexicon-words.ts`): on the
 * left what people call a thing in a task (everyday words, a developer's shorthand, a word written
 * as one or two), on the right the words APIs use for it. Each group's comment says where it comes
 * from.
 */
/** Task words → the nouns (and the odd verb) APIs use for the same thing. */
export const LEXICON_NOUNS: ReadonlyArray<readonly [task: string, api: string]> = [
  ["by hand", "manual dispatch"],
  ["automatically, on autopilot, on its own, by itself", "auto"],
  ["nest", "sub child parent add"],
  ["sign in, log in, login, signin", "access log session authenticate"],
  ["top", "pin position"],
  ["end, ends, until, expires", "expire expiration"],
  // What happened to a thing: its events, timeline, history, activity or log.
  ["happen, happened, occur, history", "event timeline activity log"],
  // Asking what blocks a thing.
  ["hold * up, blocking, blocker", "block blocked depend"],
  // Telling a machine about something: a webhook (a callback URL) is notified.
  ["notify, notified, callback, call back", "webhook hook notification event"],
  // Rules a repository or an account enforces: protection, a rule, a policy, a restriction.
  ["require, enforce, mandate", "protection rule policy required"],
  ["restrict, only let", "restriction limit interaction"],
  // Counting: how many is a count, statistics, a total.
  ["how many, count, number of, tally", "count statistics total"],
  ["left, remaining, quota, allowance", "remaining limit rate quota"],
  // Chat: a message is sent or posted; reactions are emoji.
  ["announcement, announce, chat, text", "message"],
  ["emoji", "reaction react"],
  ["queued, pending, later", "scheduled schedule"],
  ["last, past, previous, recent, older", "history"],
  ["do not disturb, heads down, focus", "dnd snooze"],
  // People who did something to a thing: APIs list them by name (stargazers, followers, watchers).
  ["who starred, who stars, who star", "stargazer"],
  ["who follows, who followed", "follower"],
  ["who watches, who watched, who subscribed", "watcher subscriber"],
  ["who reviewed, who reviews", "reviewer review"],
  ["who contributed", "contributor"],
  // People: the members, users and collaborators of an account.
  [
    "folks, contractor, staff, employee, crew, guest, partner, teammate, friend, intern, trainee",
    "collaborator member user",
  ],
  ["push access, write access, commit access", "collaborator permission"],
  ["admin", "permission role"],
  // Code hosting: a codebase is a repository.
  ["codebase", "repository"],
  // Git names a branch a ref (refs/heads/main).
  ["branch", "ref"],
  ["changelog, release notes", "release note generate"],
  ["board, kanban, roadmap, backlog", "project"],
  ["card", "item"],
  ["epic", "parent issue"],
  ["thread", "conversation discussion comment"],
  ["inbox", "notification message"],
  ["build box, build machine, build agent, build server", "runner"],
  ["secret, token, credential, password, api key", "secret token key credential"],
  ["vulnerable, vulnerability, cve", "alert advisory vulnerability"],
  // Commerce: bills are invoices, clients and buyers are customers, deals and promos are coupons.
  ["client, buyer, shopper, purchaser, payer", "customer"],
  ["fee, line item, surcharge", "item invoiceitem charge"],
  ["deal, promo, voucher", "coupon discount promotion"],
  ["catalog, catalogue, goods, merchandise, sku", "product"],
  ["tier, membership, plan", "subscription plan price"],
  ["monthly, yearly, annual, annually, weekly, recurring, per month", "subscription recurring interval"],
  ["earnings, revenue, proceeds, income, bank", "balance payout"],
  ["withdraw, cash out", "payout"],
  // Adding money to a balance: a top-up.
  ["top up, topup, refill, recharge, fill up", "topup"],
  ["seller, merchant, vendor", "account"],
  ["vat, gst, ein", "tax"],
  ["number", "id"],
  ["metered, meter, usage", "usage record meter"],
  // Files by their kind: documents and attachments are files, images are images.
  ["pdf, csv, spreadsheet, document, doc, docx, attachment, report", "file"],
  ["png, jpg, jpeg, gif, screenshot, cover, artwork, poster", "image thumbnail"],
  ["vlog, clip, movie, footage, recording", "video"],
  ["srt, vtt, subtitles, cc, closed captions, transcript", "caption"],
  // Web analytics: visitors and traffic, the sites that send them (referrers).
  ["visitor, visitors, visit, traffic, hits, page views", "traffic view referrer"],
  ["metrics, analytics, insights, stats, numbers", "statistics"],
  ["ip, ip address", "access log"],
  ["workspace", "team organization"],
  ["two factor, 2fa, mfa, multi factor", "two factor authentication"],
  // Everyday short forms of API nouns (a developer's shorthand).
  ["env, envs", "environment"],
  ["env var, env vars, environment variable", "variable"],
  ["creds", "credential secret token"],
  ["perms", "permission"],
  ["db, dbs", "database"],
  ["subs", "subscription subscriber"],
  ["mr, mrs, merge request", "pull request"],
  ["sso, single sign on, saml", "saml sso identity provider"],
  ["pat, personal token", "personal access token"],
  ["vm, vms, virtual machine", "instance machine"],
  [
    "dev box, devbox, dev environment, dev env, dev container, devcontainer, cloud ide",
    "codespace devcontainer",
  ],
  ["bot, bots", "app bot integration"],
  ["hook, hooks", "webhook"],
  // Chat and calls: a huddle or a meeting is a call; a reminder is set, not sent.
  ["huddle, meeting, video call", "call"],
  ["nudge, ping me at, ping me in", "remind"],
  // A channel's header is its topic; a person's bio, job title or pronouns are their profile.
  ["header, heading, tagline", "topic title"],
  ["bio, job title, display name, pronouns, about me, headline", "profile"],
  ["link to, direct link, copy link, share link", "permalink url"],
  ["link preview, rich preview, url preview", "unfurl"],
  ["junk, scam, phishing", "spam abuse"],
  // Allow and deny lists, written as one word or two.
  ["blacklist, denylist, deny list, banlist", "blocklist block list deny"],
  ["whitelist, safelist", "allowlist allow list"],
  // Git: the main line of a repository is its default branch.
  ["main, master, trunk", "branch default"],
  ["snippet, paste, pastebin", "gist snippet"],
  ["todo, todos", "task"],
  // Video: a livestream is a live broadcast.
  ["livestream, live stream, live video", "live broadcast"],
  // Commerce: a hold on a card is an authorization, store credit a balance.
  ["hold, holds", "authorization"],
  ["store credit, account credit", "balance credit"],
  ["promo code, discount code, coupon code, voucher code", "promotion code coupon"],
  ["delivery, postage, freight", "shipping"],
  ["owner, director, executive, shareholder, representative, signatory", "person"],
  ["company card, corporate card, expense card", "issuing cardholder"],
  ["budget, spending limit, spend limit, spending cap, cap", "budget limit"],
  // Seats of a plan are its licenses, and licenses its seats.
  ["seat, seats", "license billable quantity"],
  ["platform fee, commission, take rate", "application fee"],
  ["how much", "amount total balance calculation"],
  // Customers doing a thing themselves: a self-service portal.
  ["themselves, self serve, self service", "portal"],
  ["pro, premium, starter plan, free tier, paid tier", "plan subscription price"],
  // Rules: what must happen is required, protected by a rule or a policy; who may is a restriction.
  ["must, mandatory, make sure", "required protection rule policy"],
  [
    "who edited, who changed, who modified, who updated, who deleted, who removed, who created, who added",
    "history audit log activity",
  ],
  // CI: a commit's green check or red cross is its status; what a build spits out its artifacts.
  ["green check, checkmark, check mark, red x, failing, passing", "status check"],
  ["spit out, build output, build outputs", "artifact"],
  ["waiting, awaiting", "pending"],
  // One thing waiting on another: a dependency, a block.
  [
    "depends on, depend on, waiting on, blocked by, blocked on, until * done, until * finished",
    "blocked depend dependency",
  ],
  // A person's availability: away or out of office is their presence, do not disturb.
  ["as away, to away, as busy, to busy, as offline, to offline", "presence"],
  ["ooo, out of office, vacation", "dnd snooze presence"],
  ["my upload, my uploads, latest upload, recent upload, last upload", "video"],
  ["shorts, reel, reels", "video"],
  // A list of everything: APIs list it.
  ["rundown, overview, roster, inventory", "list"],
  ["handle, screen name", "username login name"],
  // Where a service is reached: a URL is its endpoint.
  ["url, urls", "endpoint"],
  ["out of the box, stock, vanilla", "default"],
  ["delivery option, shipping option, delivery fee, shipping fee, shipping cost", "shipping rate"],
  ["redeem, type at checkout, enter at checkout, use at checkout", "promotion code coupon"],
  ["watch later", "playlist item"],
  ["banner, channel art", "banner branding"],
  // Code review and code search: a comment on a line of a diff is a review comment.
  ["inline comment, line comment, diff comment, code comment", "review comment"],
  ["grep, usages, where else, called from", "search code"],
  ["difference between, changes between, changed between", "compare diff"],
  ["deadline, due date", "due milestone"],
  // Hosting: a read-only key for one repository is a deploy key; a leaked secret a scanning alert.
  ["read only ssh, read only key, read only access", "deploy key"],
  ["leaked, leak, exposed", "secret scanning alert"],
  ["prod, production", "environment"],
  // Payments: a hosted payment page is a checkout session, a card reader a terminal reader.
  ["cost, costs, pricing, price point", "price"],
  ["payment page, hosted page, pay page", "checkout session"],
  ["card reader, pos, point of sale, countertop", "terminal reader"],
  ["kyc, id check, id verification", "identity verification person"],
  // Chat: a room is a channel; a mailing list or an alias a user group; a status a profile.
  ["room, chat room, group chat", "channel conversation"],
  ["alias, distribution list, mailing list", "usergroup group"],
  ["my status, custom status, status emoji, status text", "profile"],
  ["description, blurb", "purpose"],
  ["child, subtask, sub task", "sub"],
  ["vnet, vpc, subnet, private network", "network"],
  ["package feed, npm feed, nuget feed, maven feed, artifactory, nexus", "registry"],
  // Developer shorthand, spelled out.
  ["dev", "development"],
  ["acct, accts", "account"],
  ["pw, pwd, passwd", "password"],
  ["desc", "description"],
  ["qty", "quantity"],
  ["amt", "amount"],
  ["txn, txns, tx", "transaction"],
  ["param, params", "parameter"],
  ["arg, args", "argument"],
  ["cert, certs", "certificate"],
  ["var, vars", "variable"],
  ["cfg, conf", "configuration"],
  ["docs", "documentation"],
  ["pkg, pkgs", "package"],
  ["dep, deps", "dependency"],
  ["dir, dirs", "directory folder"],
  ["img, imgs", "image"],
  ["vid, vids", "video"],
  ["notif, notifs", "notification"],
  ["k8s, kube", "kubernetes"],
  ["fav, fave", "favorite"],
  ["mgr", "manager"],
  ["dept", "department"],
  ["tz", "timezone time zone"],
  ["authn", "authentication"],
  ["authz", "authorization"],
  ["license, licenses", "seat"],
  // Numbers written as words: APIs and their parameters write digits.
  ["two, pair, couple", "2"],
  ["three", "3"],
  ["four", "4"],
  ["five", "5"],
  ["ten", "10"],
  ["twenty", "20"],
  ["fifty", "50"],
  ["hundred", "100"],
];
