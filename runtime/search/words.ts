/**
 * The words search knows: stop words, abbreviations it spells out, verbs and nouns people use for
 * the same thing, words that hint at what a query asks (people, days to come, questions, states),
 * and verbs that change a thing's state. Read by `index-terms.ts` on both sides of the index and by
 * `terms.ts` in queries.
 */
import { stem } from "./stem.js";

/**
 * Words that say nothing of what to do, left out on both sides of the index; among them words that
 * say which one, not what ("a single event", "the subscription with the given ID"), as "one" does.
 */
export const STOP_WORDS = new Set(
  (
    "a an the of to for and or in on at by with from into onto is are was were be been being this that " +
    "single given " +
    "these those it its as any each some how do does did can could would should will shall what which " +
    "who whom whose when where why there their them they we our us you your yours he she his her " +
    "please want wants need needs using use via one so if then than also just only about up not no " +
    "i me my mine myself own all every everything someone somebody anyone anybody something"
  ).split(" "),
);

/** Words spelled out before stemming, on both sides of the index. */
export const ABBREVIATIONS = new Map<string, string[]>(
  Object.entries({
    repo: ["repository"],
    repos: ["repositories"],
    pr: ["pull", "request"],
    prs: ["pull", "requests"],
    org: ["organization"],
    orgs: ["organizations"],
    dm: ["direct", "message"],
    dms: ["direct", "messages"],
    msg: ["message"],
    msgs: ["messages"],
    config: ["configuration"],
    configs: ["configurations"],
    info: ["information"],
    stats: ["statistics"],
    auth: ["authentication"],
    rerun: ["re", "run"],
    pic: ["picture"],
    pics: ["pictures"],
  }),
);

/**
 * Verbs people use for the same action; each member finds the others in a query. `intent.ts`
 * finds the groups of create, get, list, search, update, delete and reply by their first verb.
 */
export const ACTION_GROUPS: readonly string[][] = [
  [
    "create",
    "add",
    "new",
    "make",
    "open",
    "insert",
    "post",
    "publish",
    "register",
    "generate",
    "write",
    "start",
    "give",
  ],
  ["get", "read", "fetch", "show", "view", "retrieve", "display", "see", "look", "describe", "grab"],
  ["update", "edit", "change", "modify", "set", "alter", "patch", "replace", "adjust", "convert", "fix"],
  ["delete", "remove", "destroy", "erase", "drop", "discard", "purge", "kill", "nuke", "wipe", "unsend"],
  ["list", "enumerate", "browse"],
  ["search", "find", "lookup", "look", "filter"],
  ["send", "post", "deliver", "tell"],
  // A reply is made, not any other thing ("conversations_replies" reads replies, not makes them).
  ["reply", "respond", "answer"],
  ["publish", "upload"],
  // A payment API voids an invoice or a payment: it cancels it (Stripe's `/invoices/{invoice}/void`).
  ["cancel", "abort", "stop", "halt", "terminate", "end", "void"],
  ["move", "transfer", "relocate"],
  ["close", "resolve", "complete", "finish"],
  ["approve", "accept", "allow", "grant"],
  ["reject", "decline", "deny", "dismiss"],
  ["hide", "minimize", "collapse"],
  ["block", "ban"],
  ["kick", "eject", "expel"],
  ["follow", "subscribe", "watch"],
  ["unfollow", "unsubscribe", "unwatch"],
  ["like", "rate", "upvote", "favorite"],
  // A reaction (a thumbs up, a heart) is a like; an upvote or a rating is no reaction.
  ["like", "react"],
  ["mute", "silence", "snooze"],
  ["suspend", "pause", "freeze"],
  ["resume", "unpause", "unfreeze"],
  ["attach", "link"],
  ["copy", "clone", "duplicate"],
  ["sync", "synchronize", "refresh"],
  ["run", "trigger", "dispatch", "execute", "launch"],
  ["check", "verify", "validate"],
  ["compare", "diff"],
  // Payments: capturing collects a payment already authorised (Stripe's `capture`).
  ["capture", "collect"],
];

/** Words people use for the same thing; each member finds the others in a query. */
export const THINGS: readonly string[][] = [
  ["photo", "picture", "image", "avatar"],
  ["online", "presence", "availability"],
  ["setting", "configuration", "preference", "option"],
  ["folder", "directory"],
  ["email", "mail"],
  ["money", "funds", "balance"],
  ["channel", "conversation"],
  // Payment APIs call a chargeback a dispute.
  ["dispute", "chargeback"],
  // API names say "latest" (GitHub's `get-latest-release`), people say newest or most recent.
  ["latest", "newest", "recent", "last"],
  ["upcoming", "next"],
  // Slack's `*.info` methods give the details of a thing.
  ["information", "detail"],
  // People give someone access; APIs set their permissions.
  ["access", "permission"],
  // Issue trackers file bugs as issues.
  ["issue", "bug", "ticket"],
  ["caption", "subtitle"],
  // Continuous integration runs workflows (GitHub Actions) or pipelines (GitLab).
  ["workflow", "pipeline", "ci"],
];

/**
 * Phrasal verbs and idioms people say for one verb, read in a query as that verb ("give a customer
 * their money back" → refund a customer's money). A `*` marks where a few words may come between,
 * as they do in a separable phrasal verb; words without one must stand side by side ("a log in a
 * repository" is no sign-in).
 */
export const PHRASES: ReadonlyArray<readonly [phrase: string, verb: string]> = [
  ["give * back", "refund"],
  ["pay * back", "refund"],
  ["take * back", "revoke"],
  ["set up", "create"],
  ["sign up", "create"],
  ["sign in", "authenticate"],
  ["log in", "authenticate"],
  ["turn * on", "enable"],
  ["turn * off", "disable"],
  ["switch * on", "enable"],
  ["switch * off", "disable"],
  ["get rid of", "delete"],
  ["put * back", "restore"],
  ["hand * over", "transfer"],
  ["kick * out", "remove"],
  ["boot * out", "remove"],
  ["throw * out", "delete"],
  ["throw * away", "delete"],
  ["claw * back", "reverse"],
  ["look over", "review"],
  ["find out", "get"],
  // "File a bug" opens one; "file" alone is a thing (upload a file).
  ["file a", "create"],
  ["file an", "create"],
  ["thumbs up", "like"],
  ["pop up", "open"],
  ["spin up", "create"],
  // "Give me my invoices" asks to see them: it adds nothing, as "give a team access" does.
  ["give me", "get"],
  ["give us", "get"],
];

/** Words that ask for many things: a list. */
export const MANY_WORDS = ["all", "every", "everything"];

/** Words for people: an API's members or users. */
export const PEOPLE_WORDS = "who someone somebody person people friend teammate coworker colleague".split(
  " ",
);

/** Days and times to come: something scheduled. */
export const LATER_WORDS =
  "tomorrow tonight later monday tuesday wednesday thursday friday saturday sunday".split(" ");

/** Words that open a question: asking one is asking to see something. */
export const QUESTIONS = new Set(
  "what which who whom whose how where when why is are was were does do did has have can".split(" "),
);

/** Words that open a yes-or-no question ("is dave online", "was PR 42 merged?"). */
export const AUXILIARIES = new Set("is are was were am does did do has have can".split(" "));

/** Adjectives that say a state a thing can be changed to: who sees it, which one is the default. */
export const STATES = new Set(
  "private public internal visible hidden invisible default primary readonly admin".split(" "),
);

/** The stems of every action verb: they count where an operation names its action, not in its description. */
export const ACTION_STEMS: ReadonlySet<string> = new Set(ACTION_GROUPS.flat().map(stem));

/**
 * Verbs that change the state of a thing that exists: an API without an operation of that name
 * does it by updating the thing ("close a milestone" sets its state). The index drops the fallback
 * when some operation's name has the verb.
 */
export const STATE_VERBS = new Set(
  (
    "close reopen lock unlock archive unarchive rename enable disable activate deactivate suspend " +
    "unsuspend resume pause"
  )
    .split(" ")
    .map(stem),
);

/** The stem a state verb falls back to. */
export const UPDATE = stem("update");
