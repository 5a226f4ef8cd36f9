/**
 * The completion scripts run in a real interactive bash (`bash -i`), calling the built CLI through a
 * `unitc` on PATH, with COMP_WORDS and COMP_CWORD as bash sets them. zsh and fish are run for real in
 * shells.test.ts; PowerShell is not a Debian package, so its script is not run here.
 */
import { execFile } from "node:child_process";
import { access, chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI, REPO } from "../../support/built-cli.js";

const run = promisify(execFile);
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "unitc-completion-"));
  const bin = join(dir, "bin");
  await run("mkdir", ["-p", bin]);
  await writeFile(join(bin, "unitc"), `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`);
  await chmod(join(bin, "unitc"), 0o755);
  env = {
    PATH: `${bin}:/usr/bin:/bin`,
    HOME: dir,
    XDG_CACHE_HOME: join(dir, "cache"),
    XDG_DATA_HOME: join(dir, "data"),
    XDG_CONFIG_HOME: join(dir, "config"),
  };
  const script = await run(process.execPath, [BUILT_CLI, "completion", "bash"], { env });
  await writeFile(join(dir, "unitc.bash"), script.stdout);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What the bash script puts in COMPREPLY for these words, the cursor on word `cword`. */
async function bashComplete(
  words: string[],
  cword: number,
  cwd = REPO,
  shellEnv: Record<string, string> = env,
): Promise<string[]> {
  const quoted = words.map((w) => `'${w}'`).join(" ");
  const body = `source ${dir}/unitc.bash; COMP_WORDS=(${quoted}); COMP_CWORD=${cword}; _unitc_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const { stdout } = await run("bash", ["--norc", "--noprofile", "-i", "-c", body], { env: shellEnv, cwd });
  return stdout.split("\n").filter((line) => line !== "");
}

describe("bash completion", () => {
  it("offers every command there is a file for under cli/commands", async () => {
    const files = await readdir(join(REPO, "cli/commands"));
    // watch.ts is compile's --watch; serve-token.ts is `serve token`, serve-status.ts `serve status`;
    // publish-keygen.ts `publish keygen`.
    const nested = ["watch.ts", "serve-token.ts", "serve-status.ts", "publish-keygen.ts"];
    const commands = files
      .filter((f) => f.endsWith(".ts") && !nested.includes(f))
      .map((f) => f.replace(/\.ts$/, ""));
    const offered = await bashComplete(["unitc", ""], 1);
    expect(offered.sort()).toEqual(expect.arrayContaining(commands.sort()));
    expect(offered).not.toContain("__complete");
    expect(await bashComplete(["unitc", "serve", "token", ""], 3)).toEqual(["create", "list", "revoke"]);
    expect(await bashComplete(["unitc", "publish", ""], 2)).toContain("keygen");
    expect(await bashComplete(["unitc", "serve", ""], 2)).toEqual(
      expect.arrayContaining(["status", "token"]),
    );
  });

  it("completes a command's start, its sub-commands and its flags", async () => {
    expect(await bashComplete(["unitc", "comp"], 1)).toEqual(["compile", "completion"]);
    expect((await bashComplete(["unitc", "completion", ""], 2)).sort()).toEqual([
      "bash",
      "fish",
      "install",
      "powershell",
      "zsh",
    ]);
    expect(await bashComplete(["unitc", "list", "--j"], 2)).toEqual(["--json"]);
  });

  it("completes enum values after a flag, also split at = as bash splits it", async () => {
    expect(await bashComplete(["unitc", "compile", "--format", ""], 3)).toEqual(["text", "json"]);
    expect(await bashComplete(["unitc", "compile", "--format", "=", ""], 4)).toEqual(["text", "json"]);
    expect(await bashComplete(["unitc", "compile", "--format", "="], 3)).toEqual(["text", "json"]);
    expect(await bashComplete(["unitc", "completion", "install", "--shell", "f"], 4)).toEqual(["fish"]);
  });

  it("uses the word under the cursor, not the last word", async () => {
    expect((await bashComplete(["unitc", "se", "list"], 1)).sort()).toEqual([
      "search",
      "secret",
      "serve",
      "setup",
    ]);
  });

  it("completes unit IDs and operations from the compiled manifest", async () => {
    const manifest = join(REPO, "generated/basic/manifest.json");
    expect(await bashComplete(["unitc", "call", "--manifest", manifest, "notes."], 4)).toEqual([
      "notes.listNotes",
      "notes.getNote",
      "notes.createNote",
    ]);
    expect(await bashComplete(["unitc", "search", "--manifest", manifest, "--unit", "w"], 5)).toEqual([
      "weather__current",
      "weather__forecast",
    ]);
    // inspect takes a unit or one of its operations; the manifest's default place is under cwd.
    expect(await bashComplete(["unitc", "inspect", "fi"], 2, join(REPO, "generated/basic/.."))).toEqual([]);
    await run("mkdir", ["-p", join(dir, "generated")]);
    await writeFile(join(dir, "generated/manifest.json"), await readFile(manifest, "utf8"));
    expect(await bashComplete(["unitc", "inspect", "fi"], 2, dir)).toEqual([
      "files",
      "files.listFiles",
      "files.wordCount",
    ]);
  });

  it("falls back to file names for a FILE argument", async () => {
    await writeFile(join(dir, "script-one.ts"), "");
    expect(await bashComplete(["unitc", "run", "script-"], 2, dir)).toEqual(["script-one.ts"]);
  });
});

describe("bash completion after npm i -D (no unitc on PATH)", () => {
  let project: string;
  let bare: Record<string, string>;
  let npxRan: string;

  beforeAll(async () => {
    project = join(dir, "project");
    await mkdir(join(project, "node_modules/.bin"), { recursive: true });
    const local = join(project, "node_modules/.bin/unitc");
    await writeFile(local, `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`);
    await chmod(local, 0o755);
    // An npx that leaves a mark when run: completion must never run it.
    const bareBin = join(dir, "bare-bin");
    npxRan = join(dir, "npx-ran");
    await mkdir(bareBin, { recursive: true });
    await writeFile(join(bareBin, "npx"), `#!/bin/sh\ntouch "${npxRan}"\n`);
    await chmod(join(bareBin, "npx"), 0o755);
    bare = { ...env, PATH: `${bareBin}:/usr/bin:/bin` };
  });

  it("completes ./node_modules/.bin/unitc com<TAB> and npx unitc com<TAB> through the project's unitc", async () => {
    expect(await bashComplete(["./node_modules/.bin/unitc", "com"], 1, project, bare)).toEqual([
      "compile",
      "completion",
    ]);
    expect(await bashComplete(["npx", "unitc", "com"], 2, project, bare)).toEqual(["compile", "completion"]);
    expect(await bashComplete(["npx", "unitc", "serve", "token", ""], 4, project, bare)).toEqual([
      "create",
      "list",
      "revoke",
    ]);
    // The words after `npx` are what reaches __complete: a flag of compile completes as for unitc.
    expect(await bashComplete(["npx", "unitc", "compile", "--format", ""], 4, project, bare)).toEqual([
      "text",
      "json",
    ]);
    await expect(access(npxRan)).rejects.toThrow();
  });

  it("uses the unitc on PATH for npx outside a project, and does nothing without one", async () => {
    expect(await bashComplete(["npx", "unitc", "com"], 2, dir, env)).toEqual(["compile", "completion"]);
    expect(await bashComplete(["npx", "unitc", "com"], 2, dir, bare)).toEqual([]);
    expect(await bashComplete(["npx", "other-tool", ""], 2, project, bare)).toEqual([]);
    await expect(access(npxRan)).rejects.toThrow();
  });

  it("registers for npx and the project's bin path as well as unitc", async () => {
    const body = `source ${dir}/unitc.bash; complete -p unitc npx ./node_modules/.bin/unitc`;
    const { stdout } = await run("bash", ["--norc", "--noprofile", "-i", "-c", body], { env, cwd: dir });
    expect(stdout).toContain("_unitc_complete unitc");
    expect(stdout).toContain("_unitc_complete npx");
    expect(stdout).toContain("_unitc_complete ./node_modules/.bin/unitc");
  });
});

describe("unitc completion install", () => {
  it("writes the bash script where bash-completion loads it", async () => {
    const { stdout } = await run(process.execPath, [BUILT_CLI, "completion", "install", "--shell", "bash"], {
      env,
    });
    const file = join(dir, "data/bash-completion/completions/unitc");
    expect(stdout).toContain(`wrote ${file}`);
    expect(await readFile(file, "utf8")).toContain("complete -F _unitc_complete unitc");
  });
});
