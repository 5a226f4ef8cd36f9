/**
 * Which calls need the person's confirmation: `destructive` (annotated `destructiveHint: true`, or an
 * HTTP DELETE of an HTTP action, OpenAPI or discovery operation), a unit's list of operation names
 * and the serve config's list of `unit.operation` names, `*` matching any characters.
 */
import { describe, expect, it } from "vitest";
import { confirmReason, type PolicyOperation } from "../../../../runtime/contract/confirm.js";
import type { ConfirmSetting } from "../../../../runtime/contract/manifest.js";

const op = (name: string, extra: Partial<PolicyOperation> = {}): PolicyOperation => ({
  name,
  tsName: name,
  ...extra,
});

type Case = [
  string,
  { operation: PolicyOperation; unit?: ConfirmSetting; serve?: ConfirmSetting; want: string | undefined },
];

const cases: Case[] = [
  [
    "nothing set",
    { operation: op("deleteNote", { invoke: { kind: "http", method: "DELETE" } }), want: undefined },
  ],
  [
    "destructive: an HTTP DELETE",
    {
      operation: op("deleteNote", { invoke: { kind: "http", method: "DELETE" } }),
      unit: "destructive",
      want: "it is an HTTP DELETE",
    },
  ],
  [
    "destructive: an OpenAPI DELETE",
    {
      operation: op("pets_delete", { invoke: { kind: "openapi", method: "DELETE" } }),
      serve: "destructive",
      want: "it is an HTTP DELETE",
    },
  ],
  [
    "destructive: destructiveHint true",
    {
      operation: op("drop", { annotations: { destructiveHint: true } }),
      unit: "destructive",
      want: "its annotations mark it destructive",
    },
  ],
  [
    "destructive: destructiveHint false is not",
    {
      operation: op("add", { annotations: { destructiveHint: false } }),
      unit: "destructive",
      want: undefined,
    },
  ],
  [
    "destructive: a POST without hints is not",
    {
      operation: op("create", { invoke: { kind: "http", method: "POST" } }),
      unit: "destructive",
      want: undefined,
    },
  ],
  ["a unit's list by name", { operation: op("send"), unit: ["send"], want: "unit mail asks to confirm it" }],
  [
    "a unit's list by TS name",
    {
      operation: { name: "POST /send", tsName: "post_send" },
      unit: ["post_*"],
      want: "unit mail asks to confirm it",
    },
  ],
  ["a unit's list, whole names only", { operation: op("resend"), unit: ["send"], want: undefined }],
  ["a unit's glob", { operation: op("purgeAll"), unit: ["purge*"], want: "unit mail asks to confirm it" }],
  ["a dot in a name is literal", { operation: op("sendXall"), unit: ["send.all"], want: undefined }],
  [
    "the serve list, qualified",
    { operation: op("send"), serve: ["mail.send"], want: "this server's confirm setting names it" },
  ],
  [
    "the serve list, unit glob",
    { operation: op("send"), serve: ["*.send"], want: "this server's confirm setting names it" },
  ],
  ["the serve list, another unit", { operation: op("send"), serve: ["chat.*"], want: undefined }],
];

describe("confirmReason", () => {
  it.each(cases)("%s", (_name, { operation, unit, serve, want }) => {
    expect(confirmReason("mail", operation, unit, serve)).toBe(want);
  });
});
