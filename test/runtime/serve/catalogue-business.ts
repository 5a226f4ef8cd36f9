/** Fixture units for business tools (see catalogue.ts). */
import type { UnitSpec } from "./catalogue.js";

export const BUSINESS_UNITS: UnitSpec[] = [
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
