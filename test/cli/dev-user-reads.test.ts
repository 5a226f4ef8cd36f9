/**
 * `unitc dev` follows every file the user's bundle is built from, not only the user config's folder:
 * a user unit's OpenAPI spec kept elsewhere (`specPath: ../../work/api/openapi.yaml`) is watched and
 * compared with the disk after each user build, as a project unit's spec is. A real `unitc dev` child
 * with the SDK's client over its stdio.
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { userBundlePlace } from "../../cli/user-bundle.js";
import { eventually } from "../runtime/serve/support.js";
import { writeProject } from "../support/project.js";
import { devOverStdio, echoUnit, xdgFolders } from "../support/user-units.js";
import { petsSpec } from "../support/watch-units.js";

const startDev = devOverStdio();

/** An OpenAPI spec with `listPets`, and `createPet` too when `more`. */
const spec = (more = false) =>
  petsSpec({
    summary: "List the pets.",
    after: more
      ? `    post:
      operationId: createPet
      summary: Add a pet.
      responses: { "201": { description: Added. } }
`
      : "",
  });

/** The user's unit reading the spec outside the user config's folder (the config is in `home/unitc/`). */
const petsUnit = `---
name: Pets
description: Pets.
exposure: direct
openapiEndpoint:
  specPath: ../../work/api/openapi.yaml
  baseUrl: https://pets.example.test
  auth: { type: none }
---
`;

/** Resolves once `file` exists, looking every few milliseconds (gives up after `ms`). */
async function appears(file: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!existsSync(file)) {
    if (Date.now() > end) throw new Error(`${file} did not appear within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A project, and a user config whose Pets unit reads `work/api/openapi.yaml`. */
async function project() {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/shared.md": echoUnit("Shared", "shared", "direct"),
    "work/api/openapi.yaml": spec(),
    "home/unitc/config.json": JSON.stringify({ version: 1 }),
    "home/unitc/pets.md": petsUnit,
  });
  return { dir, env: xdgFolders(dir), specFile: join(dir, "work/api/openapi.yaml") };
}

describe("dev: a user unit's spec outside the user config's folder", () => {
  it("is followed: an operation added to it is served, and clients are told", async () => {
    const { dir, env, specFile } = await project();
    const served = await startDev(dir, env);
    let notified = 0;
    served.client.setNotificationHandler("notifications/tools/list_changed", () => {
      notified += 1;
    });
    expect(await served.tools()).toEqual(["pets__listPets", "search_tools", "shared__say"]);

    await writeFile(specFile, spec(true));
    await eventually(async () => (await served.tools()).includes("pets__createPet"), 30_000);
    await eventually(() => notified > 0);
    // Said once the swap is done, which is after clients were told.
    await eventually(() => served.stderr().includes("serving the user's units anew (1 unit changed)"));
  });

  it("is served as it ended up when it was edited after the first user build read it", async () => {
    const { dir, env, specFile } = await project();
    // The user bundle's manifest is written once discovery has read every spec: the edit made as soon
    // as it appears lands after the first build read the spec, as that build ends.
    const manifest = userBundlePlace(undefined, env, { evenIfAbsent: true })?.manifestPath as string;
    const edited = appears(manifest).then(() => writeFile(specFile, spec(true)));
    const served = await startDev(dir, env);
    await edited;
    await eventually(async () => (await served.tools()).includes("pets__createPet"), 30_000);
  });
});
