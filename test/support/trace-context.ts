/** A fresh W3C trace context as a client would send it, for tests that follow a trace through unitc. */
import { randomBytes } from "node:crypto";

/** A new sampled trace: its ids, the `traceparent` carrying them and a vendor `tracestate`. */
export function clientTrace() {
  const traceId = randomBytes(16).toString("hex");
  const spanId = randomBytes(8).toString("hex");
  return {
    traceId,
    spanId,
    traceparent: `00-${traceId}-${spanId}-01`,
    tracestate: `vendor=${randomBytes(4).toString("hex")}`,
  };
}
