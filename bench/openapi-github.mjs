// GitHub REST (`api.github.com.json` from @octokit/openapi, ~1,200 operations; fetched with
// `npm pack` into .bench-cache/npm/, never committed): unitc's cold compile (a fresh process) beside
// openapi-typescript alone on the same file in the same run (time and peak RSS, each beside its
// target ratio, and CPU time, which a loaded machine hardly changes); a no-change recompile; the
// type-check of its types module as the compile does it and whole.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { duplicateRows } from "./bundle-duplicates.mjs";
import { isMain, median, npmPackageFiles, openapiProject, root } from "./support.mjs";

const RUNS = 3;

/** GitHub's REST description, from @octokit/openapi (fetched with `npm pack`, kept in .bench-cache/). */
export async function githubSpec() {
  const [spec] = await npmPackageFiles("@octokit/openapi", "23.0.2", ["generated/api.github.com.json"]);
  return spec;
}

/** A bench project of GitHub REST as the one unit `github`, under .bench-cache/<folder>. */
export async function githubProject(folder, baseUrl = "https://api.github.com") {
  const spec = { name: "GitHub", description: "GitHub REST API.", specPath: await githubSpec() };
  return openapiProject(folder, "github", { ...spec, baseUrl, tokenVar: "GITHUB_TOKEN" });
}

/** Wall time of `node <args>` in a fresh process. */
function timed(args, cwd) {
  const started = performance.now();
  execFileSync(process.execPath, args, { stdio: "pipe", cwd });
  return performance.now() - started;
}

/**
 * Peak resident memory (MiB) and CPU seconds (user + system, every thread) of `node <args>`, read by
 * GNU time: CPU time, unlike wall time, hardly grows with the load of a shared machine.
 */
function peakRss(args, cwd) {
  const out = execFileSync(
    "/usr/bin/env",
    [
      "bash",
      "-c",
      `command -v /usr/bin/time >/dev/null && /usr/bin/time -f '%M %U %S' ${process.execPath} ${args.map((a) => `'${a}'`).join(" ")} 2>&1 >/dev/null | tail -1 || echo 0 0 0`,
    ],
    { cwd },
  );
  const [kb, user, system] = String(out).trim().split(" ").map(Number);
  return { rss: kb / 1024, cpu: user + system };
}

/**
 * Milliseconds to type-check the bundle's `spec-types.ts` in this process: as the compile does (for
 * a module this large, its schemas on a cycle of references), and whole, for comparison.
 */
export async function typeCheckRows(out) {
  const { createRequire } = await import("node:module");
  const ts = createRequire(import.meta.url)("typescript");
  const { checkTypesModule, checkWholeModule } = await import(
    join(root, "dist/compiler/discover/openapi/types-check.js")
  );
  const text = readFileSync(join(out, "units/github/spec-types.ts"), "utf8");
  const source = ts.createSourceFile("/spec-types.ts", text, ts.ScriptTarget.ES2022, true);
  const time = (check) => {
    const started = performance.now();
    const result = check();
    if (!("ok" in result)) throw new Error(`GitHub's types do not compile: ${JSON.stringify(result)}`);
    return (performance.now() - started).toFixed(0);
  };
  return [
    {
      name: "GitHub REST: type-check of spec-types.ts as the compile does it (in process)",
      value: time(() => checkTypesModule(ts, text, source.statements)),
      unit: "ms",
    },
    {
      name: "GitHub REST: type-check of the whole spec-types.ts, for comparison (in process)",
      value: time(() => checkWholeModule(ts, text)),
      unit: "ms",
    },
  ];
}

/** Bytes of every file below `dir`. */
function folderBytes(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

const mb = (bytes) => (bytes / 1e6).toFixed(2);

/**
 * Sizes of the bundle as written, and of its manifest the way unitc wrote it before shared schemas
 * (format 1: every operation's schemas self-contained, indented at every level), from the same run.
 */
export async function sizeRows(out, peerFile) {
  const { checkManifest } = await import(join(root, "dist/runtime/contract/manifest.js"));
  const manifestFile = join(out, "manifest.json");
  const manifestBytes = statSync(manifestFile).size;
  const expanded = checkManifest(JSON.parse(readFileSync(manifestFile, "utf8")));
  const oldManifestBytes = Buffer.byteLength(`${JSON.stringify({ ...expanded, format: 1 }, null, 2)}\n`);
  const total = folderBytes(out);
  const peer = peerFile === undefined ? undefined : statSync(peerFile).size;
  const beside =
    peer === undefined
      ? []
      : [
          { name: "GitHub REST: openapi-typescript output (its types module)", value: mb(peer), unit: "MB" },
          {
            name: "GitHub REST: bundle size, unitc / openapi-typescript",
            value: (total / peer).toFixed(2),
            unit: "×",
            target: "≤ 1.0×",
          },
        ];
  return [
    { name: "GitHub REST: bundle total (generated/)", value: mb(total), unit: "MB", target: "≤ 10 MB" },
    ...beside,
    {
      name: "GitHub REST: bundle total with the format 1 manifest (before)",
      value: mb(total - manifestBytes + oldManifestBytes),
      unit: "MB",
    },
    { name: "GitHub REST: manifest.json", value: mb(manifestBytes), unit: "MB", target: "≤ 5 MB" },
    { name: "GitHub REST: manifest.json, format 1 (before)", value: mb(oldManifestBytes), unit: "MB" },
    ...jsonFiles(out)
      .filter((path) => path !== "manifest.json")
      .map((path) => ({
        name: `GitHub REST: ${path}`,
        value: mb(statSync(join(out, path)).size),
        unit: "MB",
      })),
    // The typed client's files: the generator's types, the operations' types and methods, the factory.
    ...["spec-types.ts", "types.ts", "index.ts"].map((file) => ({
      name: `GitHub REST: units/github/${file}`,
      value: mb(statSync(join(out, "units/github", file)).size),
      unit: "MB",
    })),
  ];
}

/** The bundle's JSON files below `dir` (paths relative to it, sorted), the package.json left out. */
function jsonFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json") && entry.name !== "package.json")
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !path.startsWith(".code-mode"))
    .sort();
}

/**
 * Tokens each agent framework's own loop sends its model for the bundle, per exposure, through
 * unitc's adapter (`unitc tokens --framework`): `direct` is what hand-written glue sends, a tool per
 * operation with its schema.
 */
export async function frameworkTokenRows(manifest) {
  const { FRAMEWORKS } = await import(join(root, "dist/cli/tokens/frameworks.js"));
  const rows = [];
  for (const framework of Object.keys(FRAMEWORKS)) {
    const args = ["tokens", "--manifest", manifest, "--framework", framework, "--format", "json"];
    const { figures } = JSON.parse(
      String(execFileSync(process.execPath, [join(root, "dist/cli/main.cjs"), ...args])),
    );
    for (const figure of figures)
      rows.push({
        name: `GitHub REST: ${framework} ${figure.name} (${figure.tools} tools), tokens sent to the model`,
        value: figure.tokens,
        unit: "tokens (o200k)",
      });
  }
  return rows;
}

export async function run() {
  const spec = await githubSpec();
  const project = await githubProject("openapi-github");
  const out = join(project, "generated");
  const unitc = [
    join(root, "dist/cli/main.cjs"),
    "compile",
    "--project",
    project,
    "--out",
    out,
    "--user-config",
    "none",
  ];
  const oats = [
    join(root, "node_modules/openapi-typescript/bin/cli.js"),
    spec,
    "-o",
    join(project, "oats.ts"),
  ];
  const ours = [];
  const theirs = [];
  for (let i = 0; i < RUNS; i++) {
    execFileSync("rm", ["-rf", out]);
    ours.push(timed(unitc, root));
    theirs.push(timed(oats, root));
  }
  const recompile = [];
  for (let i = 0; i < RUNS; i++) recompile.push(timed(unitc, root));
  // Peak memory of a full compile (--force skips the build record's "nothing changed" answer) and of
  // openapi-typescript on the same file, each the median of its runs (peak memory is not load-bound).
  const rssRuns = { ours: [], theirs: [] };
  for (let i = 0; i < RUNS; i++) {
    rssRuns.ours.push(peakRss([...unitc, "--force"], root));
    rssRuns.theirs.push(peakRss(oats, root));
  }
  const rss = median(rssRuns.ours.map((run) => run.rss));
  const oatsRss = median(rssRuns.theirs.map((run) => run.rss));
  const cpu = median(rssRuns.ours.map((run) => run.cpu));
  const oatsCpu = median(rssRuns.theirs.map((run) => run.cpu));
  const tokens = String(
    execFileSync(process.execPath, [
      join(root, "dist/cli/main.cjs"),
      "tokens",
      "--manifest",
      join(out, "manifest.json"),
    ]),
  );
  const tokenRows = [
    ...tokens.matchAll(
      /^(direct tools\/list|progressive tools\/list|code_mode tool|search_tools answer)\s+(\d+)/gm,
    ),
  ].map((m) => ({ name: `GitHub REST: unitc tokens, ${m[1]}`, value: m[2], unit: "tokens (o200k)" }));
  const frameworkRows = await frameworkTokenRows(join(out, "manifest.json"));
  const ratio = median(ours) / median(theirs);
  return [
    { name: "GitHub REST: unitc cold compile (new process)", value: median(ours).toFixed(0), unit: "ms" },
    {
      name: "GitHub REST: openapi-typescript alone (new process)",
      value: median(theirs).toFixed(0),
      unit: "ms",
    },
    { name: "GitHub REST: unitc / openapi-typescript", value: ratio.toFixed(2), unit: "×", target: "≤ 1.1×" },
    {
      name: "GitHub REST: no-change recompile (new process, answered by the build record)",
      value: median(recompile).toFixed(0),
      unit: "ms",
      target: "< 300 ms",
    },
    { name: "GitHub REST: unitc peak RSS (full compile)", value: rss.toFixed(0), unit: "MiB" },
    { name: "GitHub REST: openapi-typescript alone, peak RSS", value: oatsRss.toFixed(0), unit: "MiB" },
    {
      name: "GitHub REST: unitc / openapi-typescript, peak RSS",
      value: (rss / oatsRss).toFixed(2),
      unit: "×",
      target: "≤ 1.2×",
    },
    {
      name: "GitHub REST: unitc CPU, full compile (user + system, all threads)",
      value: cpu.toFixed(2),
      unit: "s",
    },
    { name: "GitHub REST: openapi-typescript alone, CPU", value: oatsCpu.toFixed(2), unit: "s" },
    { name: "GitHub REST: unitc / openapi-typescript, CPU", value: (cpu / oatsCpu).toFixed(2), unit: "×" },
    ...tokenRows,
    ...frameworkRows,
    ...(await typeCheckRows(out)),
    ...(await sizeRows(out, join(project, "oats.ts"))),
    ...duplicateRows(out, "GitHub REST"),
  ];
}

if (isMain(import.meta.url)) {
  const { printTable } = await import("./support.mjs");
  printTable(await run());
}
