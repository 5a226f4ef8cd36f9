/**
 * The lexicon's table (read by `lexicon.ts`): on the left what people write in a task, phrases
 * separated by commas (a phrase's words stand side by side; each word matches any of its inflected
 * forms), on the right the words APIs use for it. Each group's comment says where it comes from.
 */

/** Task verbs → the verbs APIs use (the names of their operations, HTTP methods). */
export const LEXICON_VERBS: ReadonlyArray<readonly [task: string, api: string]> = [
  // Ending something that runs: REST APIs cancel or stop it, or delete the resource (EC2's
  // TerminateInstances, Kubernetes' delete, a queued job's cancel).
  ["kill, terminate, abort", "cancel stop delete"],
  ["cancel, call off", "delete"],
  // Code review and delivery: a change ships or lands when it is merged, a version when it is released.
  ["ship, land", "merge release deploy"],
  ["roll back, rollback, undo", "revert restore"],
  // Starting something: CI and job APIs run, trigger or dispatch it.
  ["kick off, fire off, fire up", "run trigger dispatch start"],
  // Editing: REST says update (PUT, PATCH).
  ["tweak, amend, revise, rework, bump", "update"],
  ["upgrade, downgrade", "update change"],
  // Keeping a value: APIs create or set it (PUT of a secret or a variable).
  ["save, stash, remember", "create set"],
  // Putting one thing on another: APIs add it.
  ["tack, slap, stick, put, apply", "add set"],
  // Files given to others: APIs upload them.
  ["share, attach", "upload"],
  ["grab, fetch", "download"],
  ["export, dump, back up, backup", "download export"],
  // Connecting a machine or a service: APIs register, connect or install it.
  ["hook up, wire up, plug in, set up", "register connect install"],
  // Ending sessions: an API revokes a token or resets a session.
  ["sign * out, log * out, logout, signout", "session reset revoke"],
  // Taking a thing out of use without deleting it: archive.
  ["shelve, mothball, retire, read only", "archive"],
  // Keeping a thing on top: pin.
  ["stick, sticky, feature, highlight", "pin"],
  // Roles: promoting and demoting set a role.
  ["promote, demote", "set role admin"],
  // Payment disputes: a merchant contests a chargeback or concedes it (closes it).
  ["fight, contest, challenge", "dispute update evidence"],
  ["concede, give up, forfeit", "close"],
  // Time: fast-forwarding a clock advances it; an end date is an expiry.
  ["fast forward, forward", "advance"],
  // Clearing a list: delete its items, reset it, mark them read.
  ["clear, empty, flush", "delete reset mark"],
  ["ping", "message send post notify"],
  // Code review: an approval is a review.
  ["approve, approval, sign off", "review"],
];

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
  ["folks, contractor, staff, employee, crew, guest, partner, teammate, friend", "collaborator member user"],
  ["push access, write access, commit access", "collaborator permission"],
  ["admin", "permission role"],
  // Code hosting: a codebase is a repository.
  ["codebase", "repository"],
  // Git names a branch a ref (refs/heads/main).
  ["branch", "ref"],
  ["changelog, release notes", "release note generate"],
  ["board, kanban", "project"],
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
  ["top up, topup, refill, recharge", "topup"],
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

/**
 * Verbs that are mostly nouns elsewhere ("the bill", "a pull request", "their cut"): read as verbs
 * only when the task starts with them.
 */
export const LEXICON_LEADING: ReadonlyArray<readonly [task: string, api: string]> = [
  ["pull, pull up, dig up", "get list"],
  ["cut", "create"],
  ["email, mail, text, message", "send"],
  ["bill, charge", "charge invoice"],
  ["report, record, track", "create"],
  ["drop", "add send upload"],
  ["book, reserve", "create"],
  ["store", "create set"],
];

/**
 * Irregular verbs: the base word first, then its past forms; a past form is read as its base (and
 * as the base's rows), not the other way round ("found" is mostly "not found" in a description).
 */
export const LEXICON_IRREGULAR: readonly string[] = [
  "write wrote written",
  "send sent",
  "make made",
  "take took taken",
  "run ran",
  "build built",
  "buy bought",
  "pay paid",
  "freeze froze frozen",
  "give gave given",
  "get got gotten",
  "lose lost",
  "see saw seen",
  "tell told",
  "throw threw thrown",
  "hide hid hidden",
  "show shown",
  "hold held",
  "keep kept",
  "sell sold",
  "stick stuck",
  "spend spent",
  "begin began begun",
  "break broke broken",
  "choose chose chosen",
  "find found",
  "forget forgot forgotten",
  "lead led",
  "win won",
  "undo undid undone",
  "rewrite rewrote rewritten",
];

/**
 * Forms of one word the stemmer leaves apart, each finding the others: irregular plurals and
 * derivations Porter does not join (deploy/deployment, status/statuses, refer/referrer).
 */
export const LEXICON_DERIVED: readonly string[] = [
  "child children",
  "index indices indexes",
  "analysis analyses",
  "status statuses",
  "deploy deploys deployed deployment deployments",
  "revoke revocation",
  "recover recovery",
  "expire expiry",
  "contribute contributor contributors",
  "refer referral referrer referrers",
  "publish publication",
  "fail failure failures",
  "decide decision",
  "convert conversion",
  "resume resumption",
];
