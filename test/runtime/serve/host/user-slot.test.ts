/**
 * The host's slot for the person's own units: swapped to an empty bundle when their config has no
 * unit to serve any more, which tells listeners once and leaves the project's units alone, and
 * swapped back to the built bundle when the config returns.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createServeHost, type ServeHost } from "../../../../runtime/serve/index.js";
import { cleanupProjects } from "../../../support/project.js";
import { compileProject, projectConfig } from "../support.js";

const hosts: ServeHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
  await cleanupProjects();
});

const echo = (word: string) => ({
  name: word,
  description: `Prints ${word}.`,
  exposure: "direct",
  actions: { say: { description: `Print ${word}.`, command: "echo", args: [word] } },
});

/** A host serving `shared` from the project's bundle and `mine` from the user's; its change count. */
async function host(withUser = true) {
  const manifestPath = await compileProject(projectConfig({ cliTools: { shared: echo("shared") } }));
  const userManifestPath = await compileProject(projectConfig({ cliTools: { mine: echo("mine") } }));
  const served = createServeHost({
    manifestPath,
    ...(withUser ? { userManifestPath } : {}),
    env: { PATH: process.env.PATH },
  });
  hosts.push(served);
  let changes = 0;
  served.onChange(() => {
    changes += 1;
  });
  const ids = () => served.snapshot().units.map((unit) => `${unit.source.kind}:${unit.unit.id}`);
  return { served, userManifestPath, ids, changes: () => changes };
}

describe("the user's slot", () => {
  it("swaps to an empty bundle and back, telling listeners each time", async () => {
    const { served, userManifestPath, ids, changes } = await host();
    expect(ids().sort()).toEqual(["local:shared", "user:mine"]);

    expect(await served.reloadUser(false)).toEqual({ added: [], changed: [], removed: ["mine"] });
    expect(ids()).toEqual(["local:shared"]);
    expect(changes()).toBe(1);

    expect(await served.reloadUser(userManifestPath)).toEqual({ added: ["mine"], changed: [], removed: [] });
    expect(ids().sort()).toEqual(["local:shared", "user:mine"]);
    expect(changes()).toBe(2);
    const mine = served.snapshot().units.find((unit) => unit.unit.id === "mine");
    const said = await served.call(mine as NonNullable<typeof mine>, "say", {});
    expect(JSON.stringify(said.value)).toContain("mine");
  });

  it("changes nothing, and tells no one, when there were no user units to take away", async () => {
    const { served, ids, changes } = await host(false);
    expect(await served.reloadUser(false)).toEqual({ added: [], changed: [], removed: [] });
    expect(ids()).toEqual(["local:shared"]);
    expect(changes()).toBe(0);
  });
});
