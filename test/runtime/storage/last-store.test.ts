/**
 * The record of the store last used, on real files: first use and an unchanged store give nothing,
 * a switch gives the store before, and a record that is not one counts as none and is written afresh.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lastStorePath, noteStoreUsed } from "../../../runtime/storage/last-store.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterAll(cleanupProjects);

const A = { provider: "filesystem", location: "/a" };
const B = { provider: "sqlite", location: "/b.db" };

describe("noteStoreUsed", () => {
  it("returns the store used before only when it was another one", async () => {
    const env = { XDG_DATA_HOME: await writeProject({}) };
    expect(await noteStoreUsed(A, env)).toBeUndefined();
    expect(await noteStoreUsed(A, env)).toBeUndefined();
    expect(await noteStoreUsed(B, env)).toEqual(A);
    expect(await noteStoreUsed(B, env)).toBeUndefined();
    expect(JSON.parse(await readFile(lastStorePath(env), "utf8"))).toEqual(B);
  });

  it("treats a record that is not one as none, and writes it afresh", async () => {
    const env = { XDG_DATA_HOME: await writeProject({}) };
    await mkdir(join(env.XDG_DATA_HOME, "unitc"), { recursive: true });
    await writeFile(lastStorePath(env), "{ not json");
    expect(await noteStoreUsed(A, env)).toBeUndefined();
    expect(await noteStoreUsed(B, env)).toEqual(A);
  });

  it("says nothing when the record cannot be written (it would repeat on every run)", async () => {
    const dir = await writeProject({ "data/unitc": "a file where the folder should be" });
    const env = { XDG_DATA_HOME: join(dir, "data") };
    expect(await noteStoreUsed(A, env)).toBeUndefined();
    expect(await noteStoreUsed(B, env)).toBeUndefined();
  });
});
