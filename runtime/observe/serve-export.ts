/**
 * The OTLP export of a serving process: started before the first request when the environment asks
 * for it (so the first calls are exported too) and stopped, after a last flush, when serving stops.
 * An SDK that cannot load is a warning in serve's log, not a failed start.
 */
import { startTelemetry, stopTelemetry } from "./export.js";

/** Starts the export the environment asks for; resolves to the function that stops it. */
export async function exportWhileServing(log: (line: string) => void): Promise<() => Promise<void>> {
  const starting = startTelemetry();
  if (!starting) return async () => undefined;
  try {
    const running = await starting;
    const signals = [running.wanted.traces ? "traces" : "", running.wanted.metrics ? "metrics" : ""];
    log(`OpenTelemetry: exporting ${signals.filter(Boolean).join(" and ")} over OTLP/HTTP`);
    return () => stopTelemetry();
  } catch (error) {
    const hint = (error as { hint?: unknown }).hint;
    const message = error instanceof Error ? error.message : String(error);
    log(`warning: no OpenTelemetry export: ${message}${typeof hint === "string" ? `; hint: ${hint}` : ""}`);
    return async () => undefined;
  }
}
