/**
 * The login callback listener's time limit: five minutes unless a caller says otherwise, then a
 * clear AUTH_FAILED, and never a hang. The clock is faked; the listener is a real loopback server.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { listenForCallback } from "../../../runtime/auth/callback.js";
import { LOGIN_TIMEOUT_MS } from "../../../runtime/auth/login.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("the login callback listener", () => {
  it("waits five minutes by default, then gives up saying so", async () => {
    expect(LOGIN_TIMEOUT_MS).toBe(5 * 60_000);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const listener = await listenForCallback(0, "state-1", LOGIN_TIMEOUT_MS);
    let outcome: unknown;
    void listener.result.then(
      (params) => (outcome = params),
      (error: unknown) => (outcome = error),
    );
    try {
      await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS - 1_000);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(outcome).toMatchObject({
        code: "AUTH_FAILED",
        message: "no login callback arrived within 5 minutes; gave up",
        details: { hint: "run unitc auth login again and finish the login in the browser" },
      });
    } finally {
      await listener.close();
    }
  });

  it("takes a shorter limit when given one", async () => {
    const listener = await listenForCallback(0, "state-2", 50);
    try {
      await expect(listener.result).rejects.toMatchObject({
        message: "no login callback arrived within 50 ms; gave up",
      });
    } finally {
      await listener.close();
    }
  });
});
