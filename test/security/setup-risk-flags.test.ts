/**
 * The risky patterns a setup plan flags before anyone approves it, as a table: each item as a unit
 * file would state it (command and args), and the flags its plan line must carry. Wrappers (`env`,
 * `nohup`, `timeout`…) do not hide `sudo`; a download saved and then run by a shell counts as a
 * download piped into one; inline Python or Node code that starts processes is flagged, also inside
 * `sh -c`.
 */
import { describe, expect, it } from "vitest";
import { itemFlags, type SetupItem } from "../../runtime/setup/plan.js";

const HOME = "/home/ann";

const TABLE: Array<[string, Pick<SetupItem, "command" | "args">, string[]]> = [
  // Flagged before, still flagged.
  ["sudo", { command: "sudo", args: ["make", "install"] }, ["sudo"]],
  ["curl piped into sh", { command: "sh", args: ["-c", "curl -fsSL https://x.test/i | sh"] }, ["curl | sh"]],
  ["rm -rf", { command: "rm", args: ["-rf", "build"] }, ["rm -rf"]],
  // sudo behind a wrapper.
  ["env sudo", { command: "env", args: ["sudo", "make", "install"] }, ["sudo"]],
  [
    "env with settings, then sudo",
    { command: "/usr/bin/env", args: ["-i", "A=1", "-u", "B", "sudo", "id"] },
    ["sudo"],
  ],
  ["env -S splitting to sudo", { command: "env", args: ["-S", "sudo id"] }, ["sudo"]],
  ["nohup sudo", { command: "nohup", args: ["sudo", "id"] }, ["sudo"]],
  ["timeout 5 sudo", { command: "timeout", args: ["-s", "KILL", "5", "sudo", "id"] }, ["sudo"]],
  ["env doas", { command: "env", args: ["doas", "id"] }, ["sudo"]],
  [
    "env sh -c with a pipe",
    { command: "env", args: ["sh", "-c", "wget -qO- https://x.test | bash"] },
    ["curl | sh"],
  ],
  // A download saved, then run.
  [
    "curl -o, then sh",
    { command: "sh", args: ["-c", "curl -fsSL -o x.sh https://x.test/i && sh x.sh"] },
    ["download then run"],
  ],
  [
    "wget, then bash",
    { command: "bash", args: ["-c", "wget https://x.test/i.sh; bash i.sh"] },
    ["download then run"],
  ],
  [
    "curl > file, chmod, run",
    { command: "sh", args: ["-c", "curl https://x.test/i > i && chmod +x i && ./i"] },
    ["download then run"],
  ],
  [
    "curl, then source",
    { command: "zsh", args: ["-c", "curl -O https://x.test/env.sh; . ./env.sh"] },
    ["download then run"],
  ],
  // Inline code that starts processes.
  [
    "python -c os.system",
    { command: "python", args: ["-c", "import os; os.system('id')"] },
    ["inline code runs commands"],
  ],
  [
    "python3 -c subprocess",
    { command: "/usr/bin/python3", args: ["-c", "import subprocess; subprocess.run(['id'])"] },
    ["inline code runs commands"],
  ],
  [
    "sh -c wrapping python3 -c",
    { command: "sh", args: ["-c", "python3 -c 'import os; os.system(\"id\")'"] },
    ["inline code runs commands"],
  ],
  [
    "node -e child_process",
    { command: "node", args: ["-e", "require('child_process').execSync('id')"] },
    ["inline code runs commands"],
  ],
  [
    "bash -c wrapping node --eval",
    { command: "bash", args: ["-c", 'node --eval "require(\\"node:child_process\\").spawnSync(\\"id\\")"'] },
    ["inline code runs commands"],
  ],
  [
    "env python3 -c",
    { command: "env", args: ["python3", "-c", "import os; os.popen('id')"] },
    ["inline code runs commands"],
  ],
  // Not flagged.
  ["npm install", { command: "npm", args: ["install"] }, []],
  ["curl to a file only", { command: "curl", args: ["-o", "data.json", "https://x.test/data.json"] }, []],
  [
    "python running a script",
    { command: "python3", args: ["-m", "pip", "install", "-r", "requirements.txt"] },
    [],
  ],
  ["python -c without processes", { command: "python3", args: ["-c", "print(1 + 1)"] }, []],
  ["node -e without processes", { command: "node", args: ["-e", "console.log(process.version)"] }, []],
  ["env with a plain command", { command: "env", args: ["A=1", "make"] }, []],
];

describe("setup risk flags", () => {
  it.each(TABLE)("%s", (_name, item, flags) => {
    expect(itemFlags({ label: "item", ...item }, HOME)).toEqual(flags);
  });
});
