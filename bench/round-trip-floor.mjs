// The floor under a Code Mode run on this machine: what one hand-off between two threads, and one
// between two processes over a pipe, cost when nothing else is done, with the receiver idle for a
// while before each (1 ms, as back-to-back runs find the serve's workers; 50 ms, as runs an agent's
// think time apart do: a CPU idle that long takes longer to wake). A one-call script over stdio makes
// at least one process round trip (client ↔ serve), three thread round trips (the syntax reader,
// the engine's job, the engine's unit call) and the call itself. Run alone it prints its figures
// as JSON.
import { spawn } from "node:child_process";
import { Worker } from "node:worker_threads";
import { isMain, median } from "./support.mjs";

/** Round trips timed after a pause of each length (ms), at most 4 s of pauses each. */
const roundsAfter = (gapMs) => Math.min(400, Math.floor(4000 / gapMs));
const pause = (gapMs) => new Promise((resolve) => setTimeout(resolve, gapMs));

async function threadRoundTrip(gapMs) {
  const worker = new Worker(
    "require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage(m));",
    { eval: true },
  );
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      worker.once("message", () => resolve(performance.now() - started));
      worker.postMessage({ code: "return 1" });
    });
  for (let i = 0; i < 50; i++) await once();
  const times = [];
  for (let i = 0; i < roundsAfter(gapMs); i++) {
    await pause(gapMs);
    times.push(await once());
  }
  await worker.terminate();
  return median(times);
}

async function processRoundTrip(gapMs) {
  const child = spawn(process.execPath, ["-e", "process.stdin.on('data', (d) => process.stdout.write(d))"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      child.stdout.once("data", () => resolve(performance.now() - started));
      child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"tools/call"}\n');
    });
  for (let i = 0; i < 50; i++) await once();
  const times = [];
  for (let i = 0; i < roundsAfter(gapMs); i++) {
    await pause(gapMs);
    times.push(await once());
  }
  child.kill();
  return median(times);
}

/**
 * Medians in ms after a pause of `gapMs`: `thread` (worker_threads message and answer), `process`
 * (a line over a pipe and back).
 */
export async function roundTripFloor(gapMs = 1) {
  return { thread: await threadRoundTrip(gapMs), process: await processRoundTrip(gapMs) };
}

if (isMain(import.meta.url)) {
  const figures = { afterOneMs: await roundTripFloor(1), afterFiftyMs: await roundTripFloor(50) };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
