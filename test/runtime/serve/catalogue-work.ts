/** Fixture units for engineering and collaboration tools (see catalogue.ts). */
import type { UnitSpec } from "./catalogue.js";

export const WORK_UNITS: UnitSpec[] = [
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
];
