/**
 * Every shell block in README.md and docs/ marked ```` ```sh runnable examples/<name> ```` runs, as written,
 * with the built `unitc` on PATH, in a temporary copy of that example project: it must exit 0,
 * and its output must hold each `# expect: <text>` line's text. How to mark a block: CONTRIBUTING.md.
 */
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_CLI, REPO } from "../support/built-cli.js";
import { suiteTrust } from "../support/trust-env.js";

/** One marked block: where it is, the example project it runs in (`examples/<name>`), its script and expected texts. */
interface RunnableBlock {
  where: string;
  example: string;
  script: string;
  expects: string[];
}

/** The marked blocks of one Markdown file. */
function blocksOf(file: string): RunnableBlock[] {
  const lines = readFileSync(join(REPO, file), "utf8").split("\n");
  const blocks: RunnableBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```sh runnable (examples\/[\w-]+)\s*$/.exec(lines[i] ?? "");
    if (!open?.[1]) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i] ?? "");
    const expects = body.flatMap((line) => {
      const m = /^# expect: (.+)$/.exec(line);
      return m?.[1] ? [m[1]] : [];
    });
    blocks.push({ where: `${file}:${start + 1}`, example: open[1], script: body.join("\n"), expects });
  }
  return blocks;
}

const files = [
  "README.md",
  ...readdirSync(join(REPO, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const blocks = files.flatMap(blocksOf);

/** Runs `script` with `sh -e` in `cwd`; resolves to the exit code and stdout and stderr together. */
function runShell(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-e", "-c", script], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const take = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** A temporary copy of the example, a home of its own, and a PATH whose `unitc` is the built CLI. */
function sandbox(example: string): { cwd: string; env: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), "unitc-docs-"));
  const cwd = join(root, "project");
  cpSync(join(REPO, example), cwd, { recursive: true });
  const bin = join(root, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "unitc"), `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`, {
    mode: 0o755,
  });
  const env: Record<string, string> = {
    PATH: `${bin}:${process.env.PATH ?? ""}`,
    HOME: root,
    XDG_CONFIG_HOME: join(root, "config"),
    XDG_STATE_HOME: join(root, "state"),
    XDG_DATA_HOME: join(root, "data"),
    XDG_CACHE_HOME: join(root, "cache"),
    TMPDIR: tmpdir(),
    NO_COLOR: "1",
    ...suiteTrust(),
  };
  return { cwd, env };
}

describe("runnable shell blocks in README.md and docs/", () => {
  it("finds the marked blocks, each naming an example project", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks)
      expect(existsSync(join(REPO, block.example, ".units")), block.where).toBe(true);
  });

  for (const block of blocks) {
    it(`${block.where} runs in ${block.example}`, async () => {
      const { cwd, env } = sandbox(block.example);
      const { code, output } = await runShell(block.script, cwd, env);
      expect({ code, output }).toMatchObject({ code: 0 });
      for (const text of block.expects) expect(output).toContain(text);
    });
  }
});
