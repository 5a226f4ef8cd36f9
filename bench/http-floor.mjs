// The floor under "100 sequential unit calls over HTTP": the same 100 requests to the example
// service sent from a process of their own (as `unitc serve` is one), with undici and no unitc at
// all. Run as `node bench/http-floor.mjs <origin> <token>`; prints the median of 5 rounds in ms.
import { Agent, request } from "undici";

const [origin, token] = process.argv.slice(2);
const dispatcher = new Agent();
const once = async () => {
  const answer = await request(`${origin}/api/notes`, {
    dispatcher,
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.body.json();
};
for (let i = 0; i < 50; i++) await once();
const rounds = [];
for (let round = 0; round < 5; round++) {
  const started = performance.now();
  for (let i = 0; i < 100; i++) await once();
  rounds.push(performance.now() - started);
}
rounds.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ median: rounds[2] }));
await dispatcher.close();
