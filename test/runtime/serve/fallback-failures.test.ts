/**
 * The codes a tool call gets when its failure has none of its own: an unexpected error is
 * `INTERNAL_ERROR`, and a call routed to an upstream that is not connected is `UPSTREAM_UNAVAILABLE`
 * (never a thrown stack), and an upstream's failed Code Mode run without a code is `UPSTREAM_ERROR`.
 */
import type { Client } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { UpstreamLink } from "../../../runtime/serve/host/upstream.js";
import { callThroughCodeMode } from "../../../runtime/serve/host/upstream-code-mode.js";
import { failureOf, ToolFailureError } from "../../../runtime/serve/sessions/results.js";

describe("failures without a code of their own", () => {
  it("turns an unexpected error into INTERNAL_ERROR with its message", () => {
    expect(failureOf(new TypeError("x is not a function"))).toEqual({
      code: "INTERNAL_ERROR",
      message: "the call failed: x is not a function",
    });
  });

  it("refuses a call to an upstream that is not connected with UPSTREAM_UNAVAILABLE", async () => {
    const link = new UpstreamLink(
      { url: "http://127.0.0.1:9/mcp" },
      () => undefined,
      () => undefined,
    );
    const refused = await link.call("shared", "who", {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ToolFailureError);
    expect((refused as ToolFailureError).failure).toMatchObject({
      code: "UPSTREAM_UNAVAILABLE",
      hint: "try again shortly; the link is retried in the background",
    });
    await link.close();
  });
});

describe("an upstream's Code Mode failure without a unitc error", () => {
  it("is UPSTREAM_ERROR with the upstream's words", async () => {
    // Stands in for an upstream MCP server that is not unitc: its failed code_mode result carries no
    // unitc error in _meta, so there is no code to pass on.
    const client = {
      callTool: async () => ({ isError: true, content: [{ type: "text", text: "boom" }] }),
    } as unknown as Client;
    const refused = await callThroughCodeMode(client, "notes", "listNotes", {}, { timeout: 1000 }).catch(
      (error: unknown) => error,
    );
    expect((refused as ToolFailureError).failure).toEqual({
      code: "UPSTREAM_ERROR",
      message: "the upstream call failed",
    });
  });
});
