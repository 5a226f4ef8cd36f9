// `unitc __complete` as a shell calls it: a new process per answer, completing operations from a
// manifest of 1,223 operations (GitHub REST's count), the command tree already cached (as after
// `unitc completion bash` or the first completion). Target: under 50 ms.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { benchProject, isMain, median, printTable, root } from "./support.mjs";

const cli = join(root, "dist/cli/main.js");
const RUNS = 15;

function timeRuns(args, options) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    execFileSync(process.execPath, args, options);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** A manifest of `count` operations over 20 units (only what completion reads). */
function bigManifest(count) {
  const units = Array.from({ length: 20 }, (_, u) => ({
    id: `unit${u}`,
    description: `Unit ${u}`,
    operations: [],
  }));
  for (let i = 0; i < count; i++) {
    units[i % 20].operations.push({
      tsName: `operation${i}`,
      description: `Does thing ${i} to the repository`,
    });
  }
  return { format: 2, generator: "unitc", settings: {}, units };
}

export async function run() {
  const dir = await benchProject("completion", { "manifest.json": JSON.stringify(bigManifest(1223)) });
  const manifest = join(dir, "manifest.json");
  const env = { ...process.env, XDG_CACHE_HOME: join(dir, "cache") };
  const words = ["__complete", "--", "call", "--manifest", manifest, "unit1"];
  execFileSync(process.execPath, [cli, ...words], { env }); // caches the command tree
  const node = timeRuns(["-e", "0"], { env });
  const answer = timeRuns([cli, ...words], { env });
  return [
    { name: "node -e 0 (process start, for scale)", value: node.toFixed(1), unit: "ms" },
    {
      name: "completion of operations, 1,223 in the manifest",
      value: answer.toFixed(1),
      unit: "ms",
      target: "< 50 ms",
    },
  ];
}

if (isMain(import.meta.url)) printTable(await run());
