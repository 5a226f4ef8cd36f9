/**
 * Project binding in the runtime: a bound unit's call without a project root fails with
 * `PROJECT_ROOT_REQUIRED`; with one it runs in the root's real path; roots are compared as real paths.
 */
import { mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionRoot } from "../../../runtime/calls/project-root.js";
import { createRuntime, type Manifest, UnitError } from "../../../runtime/index.js";
import { writeProject } from "../../support/project.js";

let dir: string;

beforeAll(async () => {
  dir = realpathSync(await writeProject({ "project/src/a.txt": "a", "other/b.txt": "b" }));
  mkdirSync(join(dir, "links"));
  symlinkSync(join(dir, "project"), join(dir, "links/project"));
  symlinkSync(join(dir, "other"), join(dir, "project/escape"));
});

function manifest(): Manifest {
  return {
    format: 2,
    generator: "unitc",
    settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
    units: [
      {
        id: "here",
        kind: "cli",
        name: "Here",
        description: "Where it runs.",
        tags: [],
        exposure: "code_mode",
        shadowing: "forbid",
        projectBinding: { required: true },
        connection: { kind: "cli" },
        sourceHash: "sha256:0",
        operations: [
          {
            name: "where",
            tsName: "where",
            description: "Print the working folder.",
            inputSchema: { type: "object" },
            invoke: {
              kind: "cli",
              command: process.execPath,
              args: ["-e", "process.stdout.write(process.cwd())"],
              env: {},
              cwd: ".",
              output: "text",
              timeoutMs: 10_000,
              maxOutputBytes: 10_000,
            },
            schemaHash: "sha256:0",
          },
        ],
      },
    ],
  } as Manifest;
}

describe("project binding in the runtime", () => {
  it("refuses a bound unit's call without a project root", async () => {
    const runtime = createRuntime({ manifest: manifest(), baseDir: dir });
    const error = await runtime.call("here", "where", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnitError);
    expect((error as UnitError).code).toBe("PROJECT_ROOT_REQUIRED");
    const missing = await runtime
      .call("here", "where", {}, { projectRoot: join(dir, "nowhere") })
      .catch((e: unknown) => e);
    expect((missing as UnitError).code).toBe("PROJECT_ROOT_REQUIRED");
  });

  it("runs a bound unit in the real path of its project root", async () => {
    const runtime = createRuntime({ manifest: manifest(), baseDir: dir });
    const value = await runtime.call("here", "where", {}, { projectRoot: join(dir, "links/project") });
    expect(value).toBe(join(dir, "project"));
  });

  it("narrows the operator's root to a client root inside it, judged by real paths", () => {
    const project = join(dir, "project");
    expect(sessionRoot(project, [join(project, "src")])).toBe(join(project, "src"));
    expect(sessionRoot(project, [join(dir, "other")])).toBe(project);
    // A link inside the project that points out of it is outside, once followed.
    expect(sessionRoot(project, [join(project, "escape")])).toBe(project);
    expect(sessionRoot(undefined, [join(dir, "links/project")])).toBe(project);
    expect(sessionRoot(undefined, [])).toBeUndefined();
  });
});
