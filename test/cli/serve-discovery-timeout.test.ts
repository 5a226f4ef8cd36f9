/**
 * `options.exposureDiscoveryTimeoutMs` at serve: the user's own units are compiled when `unitc serve`
 * starts, and a user MCP unit whose real stdio server never answers `initialize` is given up after
 * the setting (its own startupTimeoutMs is far longer), named with the setting in a warning, while
 * the user's other unit and the project's are served. Real `unitc` child processes, a real MCP
 * client over stdio.
 */
import { expect, it } from "vitest";
import { FIXTURE, marker, processesWith } from "../runtime/invoke/mcp/support.js";
import { eventually } from "../runtime/serve/support.js";
import { runUnitc } from "../support/cli.js";
import { writeProject } from "../support/project.js";
import { echoUnit, stdioChildren, xdgFolders } from "../support/user-units.js";

const startChild = stdioChildren();

const unit = (name: string, word: string) => echoUnit(name, word, "direct");

it("gives a hung user MCP server up after the setting, names it, and serves the other units", async () => {
  const tag = marker();
  const userConfig = {
    version: 1,
    options: { exposureDiscoveryTimeoutMs: 300 },
    mcpServers: {
      hung: {
        name: "Hung",
        description: "Never answers.",
        exposure: "direct",
        command: process.execPath,
        args: [FIXTURE, "--silent-start", tag],
        startupTimeoutMs: 120_000,
      },
    },
  };
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/shared.md": unit("Shared", "shared"),
    "home/unitc/config.json": JSON.stringify(userConfig),
    "home/unitc/mine.md": unit("Mine", "mine"),
  });
  const env = xdgFolders(dir);
  const compiled = await runUnitc(["compile"], dir, env);
  expect(compiled.code, compiled.stderr).toBe(0);
  // The connection is answered once the user's bundle is built: well before the hung server's
  // own 120 s startup timeout, which would otherwise hold serving back.
  const served = await startChild(dir, env, ["serve"]);
  const stderr = () => served.stderr();
  const tools = await served.tools();
  expect(tools).toEqual(["mine__say", "search_tools", "shared__say"]);
  await eventually(() => stderr().includes("MCP_LIST_TIMEOUT"));
  expect(stderr()).toContain(
    'MCP server of unit "hung" could not be listed: it was not listed within 300 ms (options.exposureDiscoveryTimeoutMs) and was stopped',
  );
  expect(stderr()).toMatch(/warning: user unit \S*config\.json failed to compile/);
  expect(processesWith(tag)).toEqual([]);
});
