/**
 * The zsh and fish completion scripts, installed by `unitc completion install` and run by the real
 * shells: zsh interactively in a pseudo-terminal (Tab pressed by `zsh-drive.zsh`), fish through its
 * own `complete -C`. Both show descriptions beside the values. `.ci/run` installs both shells from
 * Debian's packages; on a machine without one, its tests are skipped and say so in their names.
 */
import { execFile, execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI, REPO } from "../../support/built-cli.js";

const run = promisify(execFile);
const DRIVE = fileURLToPath(new URL("./zsh-drive.zsh", import.meta.url));
const MANIFEST = join(REPO, "generated/basic/manifest.json");

function installed(shell: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${shell}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const HAS_ZSH = installed("zsh");
const HAS_FISH = installed("fish");

let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "unitc-shells-"));
  const bin = join(dir, "bin");
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, "unitc"), `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`);
  await chmod(join(bin, "unitc"), 0o755);
  env = {
    PATH: `${bin}:/usr/bin:/bin`,
    HOME: dir,
    TERM: "xterm",
    XDG_CACHE_HOME: join(dir, "cache"),
    XDG_DATA_HOME: join(dir, "data"),
    XDG_CONFIG_HOME: join(dir, "config"),
  };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The terminal's text with escape sequences and carriage returns taken out. */
function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences are the point
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "").replace(/[\r\u0007]/g, "");
}

/** What an interactive zsh shows after `line` and Tab (twice when the first shows nothing new). */
async function zshTab(line: string, pattern: string): Promise<string> {
  const { stdout } = await run("zsh", ["-f", DRIVE, join(dir, "data/zsh/site-functions"), line, pattern], {
    env,
    timeout: 60_000,
  });
  return plain(stdout);
}

/** fish's own completions of `line`: `value<TAB>description` lines. */
async function fishComplete(line: string): Promise<string[]> {
  const { stdout } = await run("fish", ["-c", `complete -C ${JSON.stringify(line)}`], { env });
  return stdout.split("\n").filter(Boolean);
}

describe(`zsh completion${HAS_ZSH ? "" : " (zsh is not installed here: skipped)"}`, () => {
  it.skipIf(!HAS_ZSH)("lists commands with descriptions, completes enum values and operations", async () => {
    const installedScript = await run(
      process.execPath,
      [BUILT_CLI, "completion", "install", "--shell", "zsh"],
      {
        env,
      },
    );
    expect(installedScript.stdout).toContain("zsh/site-functions/_unitc");

    const commands = await zshTab("unitc comp", "*completion*--*Shell completion*");
    expect(commands).toMatch(/compile +-- Compile units/);
    expect(commands).toMatch(/completion +-- Shell completion/);

    expect(await zshTab("unitc compile --format j", "*--format json*")).toContain(
      "unitc compile --format json",
    );

    const operations = await zshTab(`unitc call --manifest ${MANIFEST} notes.`, "*listNotes*--*");
    expect(operations).toMatch(/notes\.listNotes +-- List notes/);
    expect(operations).toMatch(/notes\.getNote +-- Read one note by ID/);
  });
});

describe(`fish completion${HAS_FISH ? "" : " (fish is not installed here: skipped)"}`, () => {
  it.skipIf(!HAS_FISH)("lists commands with descriptions, completes enum values and operations", async () => {
    const installedScript = await run(
      process.execPath,
      [BUILT_CLI, "completion", "install", "--shell", "fish"],
      {
        env,
      },
    );
    expect(installedScript.stdout).toContain("fish/completions/unitc.fish");

    expect(await fishComplete("unitc comp")).toEqual([
      "compile\tCompile units to typed clients, Code Mode declarations and a manifest",
      "completion\tShell completion: print a script (bash, zsh, fish, powershell) or install it",
    ]);
    expect(await fishComplete("unitc compile --format ")).toEqual(["json", "text"]);
    expect(await fishComplete(`unitc call --manifest ${MANIFEST} notes.`)).toEqual([
      "notes.createNote\tCreate a note.",
      "notes.getNote\tRead one note by ID.",
      "notes.listNotes\tList notes, optionally filtered by tag.",
    ]);
  });
});
