// `unitc tokens` on the example bundle (examples/basic, 4 units, 7 operations) as a new process, its
// CPU time (user and system) and peak RSS beside `unitc validate` on the same project, measured in
// turns in the same run: a count for a small project should cost about what a validate costs. The
// figures come from the process itself (process.resourceUsage() on exit, through a --require hook),
// so they are the CLI's own, whatever the shell. Run after `npm run build && npm run examples`;
// `node bench/tokens-cli.mjs` prints the table, bench/run.mjs calls run().
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isMain, median, printTable, root } from "./support.mjs";

const RUNS = 5;
const project = join(root, "examples/basic");
const manifest = join(root, "generated/basic/manifest.json");

const COMMANDS = [
  { name: "unitc validate", args: ["validate"] },
  { name: "unitc tokens", args: ["tokens", "--manifest", manifest] },
  {
    name: "unitc tokens --framework ai-sdk",
    args: ["tokens", "--manifest", manifest, "--framework", "ai-sdk"],
  },
];

/** CPU ms and peak RSS MB of one run of `unitc <args>` in a new process. */
function measured(args, dir) {
  const out = join(dir, "usage.json");
  execFileSync(
    process.execPath,
    ["--require", join(dir, "hook.cjs"), join(root, "dist/cli/main.cjs"), ...args],
    {
      cwd: project,
      env: { PATH: process.env.PATH, BENCH_USAGE_FILE: out },
      stdio: "pipe",
    },
  );
  const usage = JSON.parse(readFileSync(out, "utf8"));
  return { cpu: (usage.userCPUTime + usage.systemCPUTime) / 1000, rss: usage.maxRSS / 1024 };
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), "unitc-tokens-bench-"));
  writeFileSync(
    join(dir, "hook.cjs"),
    `process.on("exit", () => require("node:fs").writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify(process.resourceUsage())));\n`,
  );
  try {
    const samples = COMMANDS.map(() => ({ cpu: [], rss: [] }));
    for (let i = 0; i < RUNS; i++) {
      COMMANDS.forEach((command, c) => {
        const { cpu, rss } = measured(command.args, dir);
        samples[c].cpu.push(cpu);
        samples[c].rss.push(rss);
      });
    }
    const validateCpu = median(samples[0].cpu);
    return COMMANDS.flatMap((command, c) => {
      const cpu = median(samples[c].cpu);
      const ratio = c === 0 ? "" : `, ${(cpu / validateCpu).toFixed(1)}× validate's CPU`;
      const label = `examples/basic: ${command.name} (new process, median of ${RUNS}${ratio})`;
      return [
        { name: `${label}, CPU (user + system)`, value: cpu.toFixed(0), unit: "ms" },
        { name: `${label}, peak RSS`, value: median(samples[c].rss).toFixed(0), unit: "MB" },
      ];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) printTable(await run());
