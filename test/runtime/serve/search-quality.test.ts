/**
 * Search quality: queries phrased the way an agent would ask, each with the operation it should
 * find in the top 3, over a catalogue of more than 500 operations from ten units. Prints the hit
 * rate; fails below 90%.
 */
import { expect, it } from "vitest";
import { SearchIndex } from "../../../runtime/search/index.js";
import { fixtureCatalogue } from "./catalogue.js";

const QUERIES: [query: string, want: string][] = [
  ["refund a payment", "billing.createRefund"],
  ["email an invoice to the customer", "billing.sendInvoice"],
  ["cancel a subscription", "billing.cancelSubscription"],
  ["apply a discount coupon to a subscription", "billing.applyCoupon"],
  ["void an invoice", "billing.voidInvoice"],
  ["find customers by email", "billing.searchCustomers"],
  ["capture an authorized payment", "billing.capturePaymentIntent"],
  ["merge a pull request", "github.mergePullRequest"],
  ["open an issue in a repository", "github.createIssue"],
  ["list commits on a branch", "github.listCommits"],
  ["publish a release", "github.createRelease"],
  ["rerun a failed CI workflow", "github.rerunWorkflowRun"],
  ["ask someone to review my pull request", "github.requestReviewers"],
  ["who is on call right now", "monitoring.listOnCalls"],
  ["acknowledge an incident", "monitoring.acknowledgeIncident"],
  ["resolve incident", "monitoring.resolveIncident"],
  ["mute a monitor", "monitoring.muteMonitor"],
  ["upload a file to a folder", "storage.uploadFile"],
  ["download a file", "storage.downloadFile"],
  ["restore a deleted file from the trash", "storage.restoreFile"],
  ["share a file with a link", "storage.createShareLink"],
  ["book a meeting room", "calendar.bookRoom"],
  ["invite someone to a meeting", "calendar.addAttendee"],
  ["decline an event invitation", "calendar.respondToEvent"],
  ["move a meeting to another time", "calendar.rescheduleEvent"],
  ["reply to an email thread", "mail.replyToThread"],
  ["forward an email", "mail.forwardMessage"],
  ["send an email", "mail.sendMessage"],
  ["convert a lead into a customer", "crm.convertLead"],
  ["move a deal to the next pipeline stage", "crm.moveDealStage"],
  ["mark deal as won", "crm.markDealWon"],
  ["log time on a ticket", "tickets.logWork"],
  ["start a sprint", "tickets.startSprint"],
  ["move a ticket to done", "tickets.transitionTicket"],
  ["post a message in a channel", "chat.postMessage"],
  ["add an emoji reaction to a message", "chat.addReaction"],
  ["archive a channel", "chat.archiveChannel"],
  ["request time off", "hr.createTimeOffRequest"],
  ["approve vacation request", "hr.approveTimeOffRequest"],
  ["list open job postings", "hr.listJobPostings"],
  ["schedule an interview with a candidate", "hr.scheduleInterview"],
  ["remove an employee from the company", "hr.terminateEmployee"],
];

it("finds the expected operation in the top 3 for at least 90% of the queries", () => {
  const units = fixtureCatalogue();
  const operations = units.reduce((n, u) => n + u.operations.length, 0);
  expect(operations).toBeGreaterThanOrEqual(500);
  expect(QUERIES.length).toBeGreaterThanOrEqual(30);
  const index = SearchIndex.build({ units });
  const misses: string[] = [];
  for (const [query, want] of QUERIES) {
    // As search_tools asks by default (defaultSearchLimit 20), then the top 3.
    const top = index
      .query(query, 20)
      .slice(0, 3)
      .map((hit) => `${hit.unit}.${hit.operation}`);
    if (!top.includes(want))
      misses.push(`  ${JSON.stringify(query)}: want ${want}, got ${top.join(", ") || "nothing"}`);
  }
  const rate = (QUERIES.length - misses.length) / QUERIES.length;
  console.log(
    `search quality: ${QUERIES.length - misses.length}/${QUERIES.length} queries (${(rate * 100).toFixed(1)}%) ` +
      `found their operation in the top 3 of ${operations} operations in ${units.length} units` +
      (misses.length > 0 ? `\nmisses:\n${misses.join("\n")}` : ""),
  );
  expect(rate).toBeGreaterThanOrEqual(0.9);
});
