/**
 * A realistic fixture catalogue for search quality: ten SaaS-like units (code hosting, billing,
 * calendar, mail, CRM, tickets, storage, chat, monitoring, HR), each resource with the usual list /
 * get / create / update / delete operations plus the domain verbs such APIs have (merge, refund,
 * acknowledge, …), with descriptions and parameter names written the way API specs write them.
 */
import type { SearchableUnit } from "../../../runtime/search.js";

/** `[operation name, description, parameter names]` for a domain verb. */
type Extra = [string, string, string[]];

interface Resource {
  noun: string;
  plural?: string;
  parent?: string;
  fields: string[];
  extras?: Extra[];
}

interface UnitSpec {
  id: string;
  name: string;
  description: string;
  tags: string[];
  resources: Resource[];
}

const pascal = (text: string) => text.replace(/(?:^|\s)(\w)/g, (_m, c: string) => c.toUpperCase());
const camel = (text: string) => pascal(text).replace(/^\w/, (c) => c.toLowerCase());

const UNITS: UnitSpec[] = [
  {
    id: "github",
    name: "Code hosting",
    description: "Repositories, issues, pull requests and CI workflows of a code hosting service.",
    tags: ["git", "code"],
    resources: [
      { noun: "repository", plural: "repositories", fields: ["name", "private", "description"] },
      {
        noun: "issue",
        parent: "repository",
        fields: ["title", "body", "labels", "assignees"],
        extras: [
          [
            "lockIssue",
            "Lock the conversation on an issue so only collaborators can comment.",
            ["owner", "repo", "issueNumber"],
          ],
        ],
      },
      {
        noun: "pull request",
        parent: "repository",
        fields: ["title", "head", "base", "body"],
        extras: [
          [
            "mergePullRequest",
            "Merge a pull request into its base branch.",
            ["owner", "repo", "pullNumber", "mergeMethod"],
          ],
          [
            "requestReviewers",
            "Request reviews on a pull request from users or teams.",
            ["pullNumber", "reviewers"],
          ],
        ],
      },
      {
        noun: "branch",
        plural: "branches",
        parent: "repository",
        fields: ["name", "fromSha"],
        extras: [
          ["protectBranch", "Turn on branch protection rules for a branch.", ["branch", "requiredReviews"]],
        ],
      },
      {
        noun: "commit",
        parent: "branch",
        fields: ["message", "tree"],
        extras: [["compareCommits", "Compare two commits and list the changed files.", ["base", "head"]]],
      },
      { noun: "release", parent: "repository", fields: ["tagName", "name", "draft"] },
      { noun: "webhook", parent: "repository", fields: ["url", "events", "secret"] },
      { noun: "gist", fields: ["files", "public", "description"] },
      { noun: "milestone", parent: "repository", fields: ["title", "dueOn", "state"] },
      { noun: "deploy key", parent: "repository", fields: ["title", "key", "readOnly"] },
      { noun: "team", fields: ["name", "privacy", "maintainers"] },
      {
        noun: "workflow run",
        parent: "repository",
        fields: ["workflowId", "ref"],
        extras: [
          ["rerunWorkflowRun", "Re-run a failed workflow run of GitHub Actions.", ["runId"]],
          ["cancelWorkflowRun", "Cancel a workflow run in progress.", ["runId"]],
        ],
      },
    ],
  },
  {
    id: "billing",
    name: "Billing",
    description: "Customers, invoices, subscriptions and payments of a payments platform.",
    tags: ["payments", "finance"],
    resources: [
      {
        noun: "customer",
        fields: ["email", "name", "address"],
        extras: [["searchCustomers", "Search customers by email, name or metadata.", ["query", "limit"]]],
      },
      {
        noun: "invoice",
        parent: "customer",
        fields: ["customerId", "items", "dueDate"],
        extras: [
          ["sendInvoice", "Email an invoice to the customer for manual payment.", ["invoiceId"]],
          ["voidInvoice", "Void a finalized invoice so it can no longer be paid.", ["invoiceId"]],
          ["finalizeInvoice", "Finalize a draft invoice so it can be paid.", ["invoiceId"]],
        ],
      },
      {
        noun: "subscription",
        parent: "customer",
        fields: ["customerId", "priceId", "quantity"],
        extras: [
          [
            "cancelSubscription",
            "Cancel a customer's subscription at the end of the period or immediately.",
            ["subscriptionId", "atPeriodEnd"],
          ],
          ["pauseSubscription", "Pause collection of payments on a subscription.", ["subscriptionId"]],
          ["applyCoupon", "Apply a coupon discount to a subscription.", ["subscriptionId", "couponId"]],
        ],
      },
      {
        noun: "payment intent",
        fields: ["amount", "currency", "customerId"],
        extras: [
          [
            "capturePaymentIntent",
            "Capture the funds of an authorized payment intent.",
            ["paymentIntentId", "amount"],
          ],
        ],
      },
      { noun: "refund", fields: ["chargeId", "amount", "reason"] },
      { noun: "coupon", fields: ["percentOff", "duration"] },
      { noun: "price", fields: ["productId", "unitAmount", "currency", "recurring"] },
      { noun: "product", fields: ["name", "description", "active"] },
      { noun: "payout", fields: ["amount", "currency", "destination"] },
      { noun: "tax rate", fields: ["percentage", "jurisdiction", "inclusive"] },
      { noun: "payment method", parent: "customer", fields: ["type", "card"] },
      { noun: "credit note", parent: "invoice", fields: ["invoiceId", "amount", "reason"] },
      {
        noun: "dispute",
        fields: ["evidence"],
        extras: [
          [
            "submitDisputeEvidence",
            "Submit evidence to fight a chargeback dispute.",
            ["disputeId", "evidence"],
          ],
        ],
      },
    ],
  },
  {
    id: "calendar",
    name: "Calendar",
    description: "Calendars, events, attendees and meeting rooms.",
    tags: ["scheduling"],
    resources: [
      { noun: "calendar", fields: ["summary", "timeZone"] },
      {
        noun: "event",
        parent: "calendar",
        fields: ["summary", "start", "end", "location"],
        extras: [
          [
            "respondToEvent",
            "Accept, decline or tentatively accept an event invitation (RSVP).",
            ["eventId", "response"],
          ],
          ["rescheduleEvent", "Move an event to a new start and end time.", ["eventId", "start", "end"]],
        ],
      },
      {
        noun: "attendee",
        parent: "event",
        fields: ["email", "optional"],
        extras: [
          [
            "addAttendee",
            "Invite a person to a meeting by adding them as an attendee.",
            ["eventId", "email"],
          ],
        ],
      },
      { noun: "reminder", parent: "event", fields: ["minutesBefore", "method"] },
      {
        noun: "room",
        fields: ["name", "capacity", "building"],
        extras: [["bookRoom", "Book a meeting room for an event.", ["roomId", "eventId"]]],
      },
      { noun: "acl rule", parent: "calendar", fields: ["role", "scope"] },
      { noun: "working location", fields: ["type", "officeId", "date"] },
    ],
  },
  {
    id: "mail",
    name: "Mail",
    description: "Email messages, threads, drafts and labels of a mailbox.",
    tags: ["email"],
    resources: [
      {
        noun: "message",
        parent: "mailbox",
        fields: ["to", "subject", "body"],
        extras: [
          ["sendMessage", "Send an email message to recipients.", ["to", "cc", "subject", "body"]],
          ["forwardMessage", "Forward an email message to other recipients.", ["messageId", "to"]],
          ["archiveMessage", "Archive a message out of the inbox.", ["messageId"]],
        ],
      },
      { noun: "draft", fields: ["to", "subject", "body"] },
      {
        noun: "thread",
        fields: ["subject"],
        extras: [["replyToThread", "Reply to the last message of an email thread.", ["threadId", "body"]]],
      },
      { noun: "label", fields: ["name", "color"] },
      { noun: "attachment", parent: "message", fields: ["filename", "mimeType"] },
      { noun: "filter", fields: ["criteria", "action"] },
      { noun: "mail contact", fields: ["email", "name"] },
      { noun: "vacation responder", fields: ["subject", "message", "startTime", "endTime"] },
    ],
  },
  {
    id: "crm",
    name: "CRM",
    description: "Sales pipeline: leads, contacts, companies and deals.",
    tags: ["sales"],
    resources: [
      {
        noun: "lead",
        fields: ["email", "company", "source"],
        extras: [["convertLead", "Convert a qualified lead into a contact, company and deal.", ["leadId"]]],
      },
      { noun: "contact", fields: ["email", "phone", "companyId"] },
      { noun: "company", plural: "companies", fields: ["name", "domain", "industry"] },
      {
        noun: "deal",
        fields: ["name", "amount", "stageId", "ownerId"],
        extras: [
          ["moveDealStage", "Move a deal to another stage of the sales pipeline.", ["dealId", "stageId"]],
          ["markDealWon", "Mark a deal as won and close it.", ["dealId"]],
        ],
      },
      { noun: "task", fields: ["subject", "dueDate", "ownerId"] },
      { noun: "crm note", fields: ["body", "dealId"] },
      { noun: "pipeline", fields: ["name", "stages"] },
      { noun: "call log", fields: ["contactId", "duration", "outcome"] },
      { noun: "email campaign", fields: ["name", "listId", "sendAt"] },
    ],
  },
  {
    id: "tickets",
    name: "Issue tracker",
    description: "Projects, tickets, sprints and boards of an agile issue tracker.",
    tags: ["agile", "project management"],
    resources: [
      { noun: "project", fields: ["key", "name", "lead"] },
      {
        noun: "ticket",
        parent: "project",
        fields: ["summary", "issueType", "priority", "assignee"],
        extras: [
          [
            "transitionTicket",
            "Transition a ticket to another workflow status, such as In Progress or Done.",
            ["ticketKey", "transitionId"],
          ],
          ["assignTicket", "Assign a ticket to a user.", ["ticketKey", "accountId"]],
        ],
      },
      {
        noun: "sprint",
        parent: "board",
        fields: ["name", "startDate", "endDate", "goal"],
        extras: [
          ["startSprint", "Start a planned sprint on a board.", ["sprintId"]],
          ["completeSprint", "Complete the active sprint and move open tickets.", ["sprintId"]],
        ],
      },
      { noun: "board", fields: ["name", "type"] },
      { noun: "epic", parent: "project", fields: ["name", "summary"] },
      {
        noun: "worklog",
        parent: "ticket",
        fields: ["timeSpent", "started", "comment"],
        extras: [["logWork", "Log time spent working on a ticket.", ["ticketKey", "timeSpent"]]],
      },
      { noun: "ticket comment", parent: "ticket", fields: ["body"] },
      { noun: "version", parent: "project", fields: ["name", "releaseDate"] },
      { noun: "component", parent: "project", fields: ["name", "leadAccountId"] },
      { noun: "saved filter", fields: ["name", "jql"] },
    ],
  },
  {
    id: "storage",
    name: "File storage",
    description: "Files and folders in cloud storage, sharing and trash.",
    tags: ["files", "drive"],
    resources: [
      {
        noun: "file",
        parent: "folder",
        fields: ["name", "parentId", "mimeType"],
        extras: [
          ["uploadFile", "Upload a file's content into a folder.", ["folderId", "name", "content"]],
          ["downloadFile", "Download the content of a file.", ["fileId"]],
          ["moveFile", "Move a file to another folder.", ["fileId", "folderId"]],
          ["copyFile", "Copy a file.", ["fileId", "name"]],
          ["restoreFile", "Restore a file from the trash.", ["fileId"]],
        ],
      },
      { noun: "folder", fields: ["name", "parentId"] },
      { noun: "permission", parent: "file", fields: ["role", "emailAddress", "type"] },
      { noun: "share link", parent: "file", fields: ["access", "expiresAt"] },
      { noun: "revision", parent: "file", fields: ["keepForever"] },
      { noun: "shared drive", fields: ["name"] },
      { noun: "file comment", parent: "file", fields: ["content", "anchor"] },
    ],
  },
  {
    id: "chat",
    name: "Team chat",
    description: "Channels, messages and people of a team chat workspace.",
    tags: ["messaging"],
    resources: [
      {
        noun: "channel",
        fields: ["name", "private", "topic"],
        extras: [
          ["archiveChannel", "Archive a channel.", ["channelId"]],
          ["inviteToChannel", "Invite users to a channel.", ["channelId", "userIds"]],
          ["setChannelTopic", "Set the topic of a channel.", ["channelId", "topic"]],
        ],
      },
      {
        noun: "chat message",
        parent: "channel",
        fields: ["channelId", "text", "threadTs"],
        extras: [
          ["postMessage", "Post a message to a channel.", ["channelId", "text"]],
          ["pinMessage", "Pin a message to a channel.", ["channelId", "ts"]],
        ],
      },
      {
        noun: "reaction",
        parent: "chat message",
        fields: ["name", "timestamp"],
        extras: [["addReaction", "Add an emoji reaction to a message.", ["channelId", "timestamp", "emoji"]]],
      },
      {
        noun: "user",
        fields: ["email", "displayName"],
        extras: [["setUserStatus", "Set a user's status text and emoji.", ["statusText", "statusEmoji"]]],
      },
      { noun: "user group", fields: ["name", "handle"] },
      { noun: "chat reminder", fields: ["text", "time"] },
      { noun: "custom emoji", fields: ["name", "image"] },
      { noun: "bookmark", parent: "channel", fields: ["title", "link"] },
    ],
  },
  {
    id: "monitoring",
    name: "Monitoring",
    description: "Incidents, alerts, on-call schedules and monitors of an incident response service.",
    tags: ["ops", "alerting"],
    resources: [
      {
        noun: "incident",
        fields: ["title", "serviceId", "urgency"],
        extras: [
          ["acknowledgeIncident", "Acknowledge a triggered incident so escalation stops.", ["incidentId"]],
          ["resolveIncident", "Resolve an incident.", ["incidentId", "resolution"]],
          [
            "escalateIncident",
            "Escalate an incident to the next level of its escalation policy.",
            ["incidentId"],
          ],
        ],
      },
      { noun: "alert", parent: "incident", fields: ["severity", "summary"] },
      {
        noun: "schedule",
        fields: ["name", "timeZone", "layers"],
        extras: [
          [
            "listOnCalls",
            "List who is on call now for each schedule and escalation policy.",
            ["scheduleId", "since", "until"],
          ],
        ],
      },
      { noun: "escalation policy", plural: "escalation policies", fields: ["name", "rules"] },
      { noun: "service", fields: ["name", "escalationPolicyId"] },
      {
        noun: "monitor",
        fields: ["query", "thresholds", "message"],
        extras: [["muteMonitor", "Mute a monitor so it stops notifying.", ["monitorId", "end"]]],
      },
      { noun: "dashboard", fields: ["title", "widgets"] },
      { noun: "maintenance window", fields: ["start", "end", "serviceIds"] },
      { noun: "status page", fields: ["name", "components"] },
      { noun: "postmortem", parent: "incident", fields: ["summary", "rootCause", "actionItems"] },
    ],
  },
  {
    id: "hr",
    name: "People",
    description: "Employees, time off, recruiting and payroll of an HR system.",
    tags: ["hr", "people"],
    resources: [
      {
        noun: "employee",
        fields: ["firstName", "lastName", "email", "departmentId"],
        extras: [
          ["terminateEmployee", "Terminate an employee's employment on a date.", ["employeeId", "date"]],
        ],
      },
      {
        noun: "time off request",
        fields: ["employeeId", "start", "end", "policyId"],
        extras: [["approveTimeOffRequest", "Approve a pending time off request.", ["requestId"]]],
      },
      { noun: "department", fields: ["name", "managerId"] },
      { noun: "job posting", fields: ["title", "location", "departmentId"] },
      {
        noun: "candidate",
        fields: ["name", "email", "jobId"],
        extras: [
          [
            "scheduleInterview",
            "Schedule an interview with a candidate.",
            ["candidateId", "interviewers", "start"],
          ],
          ["rejectCandidate", "Reject a candidate for a job.", ["candidateId", "reason"]],
        ],
      },
      {
        noun: "payroll run",
        fields: ["payPeriod"],
        extras: [["submitPayrollRun", "Submit a payroll run for processing.", ["payrollRunId"]]],
      },
      { noun: "benefit plan", fields: ["name", "provider"] },
      { noun: "review cycle", fields: ["name", "startDate", "reviewers"] },
      { noun: "onboarding task", parent: "employee", fields: ["title", "dueDate", "assigneeId"] },
    ],
  },
];

type Operation = SearchableUnit["operations"][number];

function operation(name: string, description: string, params: string[]): Operation {
  const properties = Object.fromEntries(params.map((p) => [p, { type: "string" }]));
  return { name, tsName: name, description, inputSchema: { type: "object", properties } };
}

function crud(resource: Resource): Operation[] {
  const { noun, parent } = resource;
  const plural = resource.plural ?? `${noun}s`;
  const id = `${camel(noun)}Id`;
  const parentId = parent ? [`${camel(parent)}Id`] : [];
  const of = parent ? ` of a ${parent}` : "";
  return [
    operation(`list${pascal(plural)}`, `List ${plural}${of}, newest first, a page at a time.`, [
      ...parentId,
      "limit",
      "cursor",
    ]),
    operation(`get${pascal(noun)}`, `Retrieve one ${noun} by its ID.`, [id]),
    operation(`create${pascal(noun)}`, `Create a ${noun}${parent ? ` in a ${parent}` : ""}.`, [
      ...parentId,
      ...resource.fields,
    ]),
    operation(`update${pascal(noun)}`, `Update the fields of a ${noun}.`, [id, ...resource.fields]),
    operation(`delete${pascal(noun)}`, `Delete a ${noun} permanently.`, [id]),
  ];
}

/** The fixture catalogue: ten units, over 500 operations. */
export function fixtureCatalogue(): SearchableUnit[] {
  return UNITS.map((spec) => ({
    id: spec.id,
    name: spec.name,
    description: spec.description,
    tags: spec.tags,
    operations: spec.resources.flatMap((resource) => [
      ...crud(resource),
      ...(resource.extras ?? []).map(([name, description, params]) => operation(name, description, params)),
    ]),
  }));
}
