// `unitc __complete` as a shell calls it: a new process per answer, completing operations from a
// manifest of 1,223 operations (GitHub REST's count), the command tree already cached (as after
// `unitc completion bash` or the first completion), read from the bundle's units-index.json, and
// from the manifest alone for comparison. Target: under 50 ms.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { searchIndexFile } from "../dist/runtime/search/index.js";
import { unitsIndexFile } from "../dist/runtime/search/units-index-build.js";
import { benchProject, isMain, median, printTable, root } from "./support.mjs";

const cli = join(root, "dist/cli/main.cjs");
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

/** A manifest of `count` operations over 20 units (only what completion, its summary and the search index read). */
function bigManifest(count) {
  const units = Array.from({ length: 20 }, (_, u) => ({
    id: `unit${u}`,
    kind: "http",
    name: `Unit ${u}`,
    description: `Unit ${u}`,
    exposure: "code_mode",
    tags: [],
    operations: [],
  }));
  for (let i = 0; i < count; i++) {
    units[i % 20].operations.push({
      name: `operation${i}`,
      tsName: `operation${i}`,
      description: `Does thing ${i} to the repository`,
      inputSchema: { type: "object", properties: { owner: { type: "string" } }, required: ["owner"] },
      invoke: { kind: "http", method: "GET", path: `/things/${i}` },
    });
  }
  return { format: 2, generator: "unitc", settings: {}, units };
}

export async function run() {
  const text = JSON.stringify(bigManifest(1223));
  const dir = await benchProject("completion", {
    "manifest.json": text,
    "units-index.json": unitsIndexFile(text),
    "search-index.json": searchIndexFile(JSON.parse(text)),
  });
  // The same manifest without its summary (an old bundle, or one copied without it).
  mkdirSync(join(dir, "bare"));
  copyFileSync(join(dir, "manifest.json"), join(dir, "bare/manifest.json"));
  const env = { ...process.env, XDG_CACHE_HOME: join(dir, "cache") };
  const words = (manifest) => ["__complete", "--", "call", "--manifest", join(dir, manifest), "unit1"];
  execFileSync(process.execPath, [cli, ...words("manifest.json")], { env }); // caches the command tree
  const node = timeRuns(["-e", "0"], { env });
  const answer = timeRuns([cli, ...words("manifest.json")], { env });
  const bare = timeRuns([cli, ...words("bare/manifest.json")], { env });
  return [
    { name: "node -e 0 (process start, for scale)", value: node.toFixed(1), unit: "ms" },
    {
      name: "completion of operations, 1,223 in the manifest",
      value: answer.toFixed(1),
      unit: "ms",
      target: "< 50 ms",
    },
    { name: "the same from the manifest alone (no units-index.json)", value: bare.toFixed(1), unit: "ms" },
  ];
}

if (isMain(import.meta.url)) printTable(await run());
