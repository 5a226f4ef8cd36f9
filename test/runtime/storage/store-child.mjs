// A second process for the storage conformance suite: opens the same store from the built runtime
// (dist/) and does one job, reporting on stdout as JSON lines. bench/storage.mjs uses it too.
import { createInterface } from "node:readline";
import { openStore } from "../../../dist/runtime/storage/open.js";

const job = JSON.parse(process.argv[2]);
const store = await openStore(job.settings, job.env);
const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const encode = (text) => new TextEncoder().encode(text);

/**
 * Adds one to the counter, re-reading and retrying on every conflict after a random pause that grows
 * (as a real caller backs off), so 200 writers do not all re-read at once on every round. Up to 4 s:
 * capped at 0.5 s, the 200 kept retrying every quarter second and object_store's stand-in spent its
 * time refusing them (4 times the conflicts, twice the time); the writers still race, and retry.
 */
async function increment(key) {
  for (let attempt = 0; ; attempt++) {
    const current = await store.get(key);
    const next = current ? Number(new TextDecoder().decode(current.value)) + 1 : 1;
    const expect = current ? { version: current.version } : { absent: true };
    if ((await store.put(key, encode(String(next)), expect)).ok) return attempt;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(4000, 5 * 2 ** attempt)));
  }
}

if (job.action === "lease") {
  const lease = await store.lease(job.name, job.ttlMs);
  say({ held: lease !== undefined });
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === "release") break;
  }
  await lease?.release();
  say({ released: true });
} else if (job.action === "put") {
  const current = await store.get(job.key);
  const result = await store.put(
    job.key,
    encode(job.value),
    current ? { version: current.version } : { absent: true },
  );
  say(result);
} else if (job.action === "crash-writer") {
  // Big values rewritten forever, each filled with one byte, until the parent kills us mid-write.
  for (let round = 1; ; round++) {
    const current = await store.get(job.key);
    const value = new Uint8Array(job.size).fill(round % 256);
    await store.put(job.key, value, current ? { version: current.version } : { absent: true });
    if (round === 2) say({ writing: true });
  }
} else if (job.action === "watch") {
  // Reports each change with the moment it arrived, for the benchmark's time-to-second-process.
  const stop = store.watch(job.namespace, (change) =>
    say({ name: change.key.name, version: change.version, at: performance.timeOrigin + performance.now() }),
  );
  setTimeout(() => say({ watching: true }), 100); // after the feed's first listing
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === "stop") break;
  }
  stop();
} else if (job.action === "increment") {
  const retries = await Promise.all(Array.from({ length: job.count }, () => increment(job.key)));
  say({ done: job.count, retries: retries.reduce((a, b) => a + b, 0) });
}
await store.close();
