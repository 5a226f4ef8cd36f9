// `unitc list`, `inspect`, `search` and `call` as new processes on GitHub REST's bundle (~1,200
// operations, the spec from bench/openapi-github.mjs), its base URL a loopback server in this
// process that answers every request with a small JSON body (so `call` measures unitc, not GitHub).
// Every row is printed beside its target. What keeps them fast: `list` and `search` read
// units-index.json and search-index.json (whose documents are the operations) instead of the
// 3.3 MB manifest; `inspect unit.op` reads manifest-offsets.json and the operation's line of the
// manifest, and its describe text as the pieces units/github/describe-index.json lists (worked out
// at compile time, where cutting it from the unit's 5 MB of declarations took a quarter of a
// second): a few byte ranges of types.ts and spec-types.ts, their lines rewritten; `call` reads the
// same manifest slices, checks its input with the plain validator (runtime/shared/validate-simple.ts,
// which answers as ajv would without loading it) and sends its one request over node:http
// (RuntimeOptions.oneShot) rather than loading undici's pooled client: those two loads were about
// 40 ms of a call. The commands run as users run them, through the package's bin (main.cjs).
// `node -e ''` is printed for scale: on a loaded machine every row moves with it.
import { execFile, execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { join } from "node:path";
import { githubProject } from "./openapi-github.mjs";
import { isMain, median, root } from "./support.mjs";

const RUNS = 7;
const TARGET = "< 100 ms";

/** Wall time of `node <args>` in a fresh process (async: the loopback server runs in this process). */
function timed(args, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    execFile(
      process.execPath,
      args,
      { cwd, env: { PATH: process.env.PATH, GITHUB_TOKEN: "bench" } },
      (error, _out, stderr) =>
        error
          ? reject(new Error(`${args.slice(1).join(" ")}: ${stderr}`))
          : resolve(performance.now() - started),
    );
  });
}

export async function run() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"id":1,"name":"bench"}');
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  try {
    const project = await githubProject("bundle-cli", baseUrl);
    const cli = join(root, "dist/cli/main.cjs");
    execFileSync(process.execPath, [cli, "compile", "--project", project, "--user-config", "none"], {
      stdio: "pipe",
    });
    const operations = JSON.parse(
      String(execFileSync(process.execPath, [cli, "list", "--json"], { cwd: project })),
    )[0].operations;
    const commands = [
      ["list"],
      ["inspect", "github.repos_get"],
      ["search", "create an issue comment"],
      ["call", "github.repos_get", "path.owner=octocat", "path.repo=hello-world"],
    ];
    const rows = [];
    for (const args of commands) {
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push(await timed([cli, ...args], project));
      rows.push({
        name: `GitHub REST (${operations} operations): unitc ${args.join(" ")} (new process, median of ${RUNS})`,
        value: median(times).toFixed(0),
        unit: "ms",
        target: TARGET,
      });
    }
    const bare = [];
    for (let i = 0; i < RUNS; i++) bare.push(await timed(["-e", ""], project));
    rows.push({
      name: "node -e '' (a new process doing nothing, for scale)",
      value: median(bare).toFixed(0),
      unit: "ms",
    });
    return rows;
  } finally {
    server.close();
  }
}

if (isMain(import.meta.url)) {
  const { printTable } = await import("./support.mjs");
  printTable(await run());
}
