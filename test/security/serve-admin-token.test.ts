/**
 * A generated admin serve token is written to the user's state folder (mode 0600) and never printed:
 * a service's stderr goes to its logs, where anyone who reads them would get full access. The line
 * says where the token is. The real `unitc serve` command in-process over HTTP on 127.0.0.1, and a
 * real MCP client using the token read from the file.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exposureProject } from "../runtime/serve/fixtures.js";
import { closeAll, compileProject, connect } from "../runtime/serve/support.js";
import { writeProject } from "../support/project.js";
import { runServe } from "../support/serve-cli.js";

let manifestPath: string;

beforeAll(async () => {
  manifestPath = await compileProject(exposureProject("http://127.0.0.1:9/api"));
});
afterAll(closeAll);

describe("a generated admin serve token", () => {
  it("is kept in the state folder (0600), says where, and is not in stderr", async () => {
    const home = await writeProject({ "config.json": JSON.stringify({ serve: { port: 0 } }) });
    const env = { XDG_STATE_HOME: join(home, "state"), HOME: home };
    const argv = [
      "--transport",
      "http",
      "--manifest",
      manifestPath,
      "--user-config",
      join(home, "config.json"),
    ];
    const serving = runServe(argv, env);
    const url = await serving.url;
    expect(url, serving.stderr()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const file = join(home, "state/unitc/remote/serve-token");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = readFileSync(file, "utf8").trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(serving.stderr()).toContain(`generated a bearer token for HTTP clients in ${file} (mode 0600)`);
    expect(serving.stderr()).not.toContain(token);
    expect((await (await connect(url, token)).listTools()).tools.length).toBeGreaterThan(0);
    expect(await serving.stop()).toBe(0);
    expect(serving.stdout()).not.toContain(token);
  });
});
