/**
 * The lexicon's table of verbs and word forms (read by `lexicon.ts`; its nouns are in
 * `lexicon-nouns.ts`): on the left what people write in a task, phrases separated by commas (a
 * phrase's words stand side by side, or a few apart at a `*`; each word matches any of its
 * inflected forms), on the right the words APIs use for it. Each group's comment says where it
 * comes from.
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
  // Deleting, in everyday words: APIs delete or remove ("trash the draft", "scrap the branch").
  ["trash, ditch, scrap, axe, zap, toss, tear down, teardown, take down", "delete remove"],
  ["clean up, cleanup, clean out, clear out, prune", "delete remove"],
  // Taking a person out of a group: chat and team APIs kick or remove them, or deactivate the account.
  ["oust, take * out, take * off", "remove kick"],
  ["offboard", "remove deactivate"],
  // Making something new, in the words of operations people: APIs create it.
  ["stand up, provision, whip up, put together, bootstrap", "create"],
  // Looking at one thing closely: APIs get it.
  ["peek, inspect, look into", "get"],
  // Changing a number: APIs update it, or increment or decrement it.
  ["increase, raise, boost, extend", "update increment"],
  ["decrease, lower, reduce, shorten", "update decrement"],
  // Stopping something that runs: shut down, power off, pull the plug.
  ["shut down, shutdown, shut off, power off, wind down, pull the plug", "stop cancel disable"],
  ["back out", "revert cancel"],
  ["bail", "cancel"],
  ["boot up, power on, kickoff", "start run"],
  ["go live, roll out", "start publish deploy release"],
  // Choosing in or out of something: it is enabled or subscribed, disabled or unsubscribed.
  ["opt in", "enable"],
  ["opt out, unsub", "disable unsubscribe"],
  // Saying yes or no to a request: APIs approve or accept it, reject, decline or deny it.
  ["ok, okay, greenlight, green light, say yes, let * through", "approve accept"],
  ["lgtm, rubber stamp", "approve review"],
  ["turn down, veto, nix, shoot down, say no", "reject decline deny"],
  // Bringing a person in: APIs invite or add them.
  ["bring in, bring * in, loop in, loop * in, onboard, let * in, let * into", "invite add"],
  ["share * with", "invite add"],
  // Giving work to someone: APIs assign it.
  ["hand off, delegate, reassign", "assign"],
  // Getting back what was deleted or archived: APIs restore, unarchive or recover it.
  ["bring * back, undelete, revive, resurrect", "restore unarchive recover"],
  // Calming a discussion: moderation APIs lock it or limit who may take part.
  ["lock down, clamp down, cool * down, calm * down", "lock limit restrict"],
  ["shush, hush, quiet", "mute snooze"],
  // Marking an item of a list as done or seen: APIs mark it.
  ["tick off, check off, cross off, tick", "mark done complete view"],
  // Trying again: APIs retry, redeliver or re-run it.
  ["retry, try again, redo, resend, replay", "re redeliver retry"],
  ["retitle", "rename update"],
  ["combine, squash", "merge"],
  ["queue up, line up", "schedule enqueue"],
  // Keeping a thing out of a tool's reach: APIs exclude it.
  ["keep * away, keep * out", "exclusion exclude"],
  ["unlist, unpublish", "private hide"],
  // Undoing a connection: APIs detach, remove or disconnect it; access taken away is revoked.
  ["unlink, detach, disconnect", "detach remove delete disconnect"],
  ["yank, strip", "revoke remove"],
  // Moving a thing later: APIs reschedule or update it.
  ["postpone, push back, delay, reschedule", "schedule update"],
  // Ending a follow: APIs unfollow, unsubscribe or unwatch.
  ["stop following, stop watching, stop getting", "unfollow unsubscribe unwatch"],
  // Code review: asking someone for a review requests a reviewer; a draft made ready is ready for review.
  ["ask * to review, ask * for a review, get * to review", "request reviewer"],
  ["out of draft, undraft", "ready review mark"],
  // Accounting: a debt written off is uncollectible; money paid back is a refund.
  ["write off, written off", "uncollectible"],
  ["reimburse, repay", "refund"],
  ["send money, move money, wire money", "transfer payout"],
  // Chat: leaving or joining a room, in everyday verbs.
  ["quit, exit", "leave"],
  // Putting a thing on another ("drop a comment on the PR", "drop a file in the channel"): APIs add it.
  ["drop * on, drop * in, drop * into", "add"],
  // Doing it whatever the state: APIs force it (a forced cancel, a force push).
  ["hard, forcibly, forcefully", "force"],
  // Switching a feature: APIs enable or disable it.
  ["toggle, flip", "enable disable"],
  ["flip on", "enable"],
  ["flip off", "disable"],
  ["go ahead, greenlit", "approve accept"],
  ["unban", "unblock"],
  ["correct, fix up, touch up", "update"],
  ["continue, carry on", "resume"],
  ["jot down, note down, write down", "create note"],
  ["heart", "react reaction like"],
  ["hop in, hop into, jump in, jump into", "join"],
  ["dislike, thumbs down", "rate rating dislike"],
  ["bookmark, save for later", "star favorite bookmark"],
  // An account or a grant that ends: it expires.
  ["stop working, run out, lapse, cut off", "expire expiration"],
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
  ["boot", "kick remove"],
  ["draft, write up", "create generate"],
  ["tag", "label add"],
];

/**
 * Verbs API operations are named by that the rows above use but neither the action groups of
 * `words.ts` nor a task side of a row knows as a verb. A row's other API words (session, role,
 * evidence, private) are things or states: a task that finds only them still says no verb.
 */
export const LEXICON_API_VERBS: readonly string[] = (
  "merge release deploy revert restore download connect install reset revoke pin dispute advance " +
  "mark notify increment decrement invite assign recover limit restrict redeliver enqueue exclude " +
  "refund leave unblock join star expire label schedule"
).split(" ");

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
  "say said",
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
  // British and American spellings.
  "organisation organization organisations organizations",
  "authorise authorize authorisation authorization",
  "favourite favorite favourites favorites",
  "colour color",
  "behaviour behavior",
  "licence license",
  "analyse analyze",
  "customise customize",
];
