// The floor under a Code Mode run on this machine: what one hand-off between two threads, and one
// between two processes over a pipe, cost when nothing else is done, with the receiver idle before
// each (as a run finds the serve's workers). A one-call script over stdio makes at least one
// process round trip (client ↔ serve), three thread round trips (the syntax reader, the engine's
// job, the engine's unit call) and the call itself. Run alone it prints its figures as JSON.
import { spawn } from "node:child_process";
import { Worker } from "node:worker_threads";
import { isMain, median } from "./support.mjs";

const ROUNDS = 400;
/** The pause before each round trip: the receiver has gone idle, as between two runs. */
const GAP_MS = 1;
const pause = () => new Promise((resolve) => setTimeout(resolve, GAP_MS));

async function threadRoundTrip() {
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
  for (let i = 0; i < ROUNDS; i++) {
    await pause();
    times.push(await once());
  }
  await worker.terminate();
  return median(times);
}

async function processRoundTrip() {
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
  for (let i = 0; i < ROUNDS; i++) {
    await pause();
    times.push(await once());
  }
  child.kill();
  return median(times);
}

/** Medians in ms: `thread` (worker_threads message and answer), `process` (a line over a pipe and back). */
export async function roundTripFloor() {
  return { thread: await threadRoundTrip(), process: await processRoundTrip() };
}

if (isMain(import.meta.url)) process.stdout.write(`${JSON.stringify(await roundTripFloor())}\n`);
