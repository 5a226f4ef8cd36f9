/**
 * The committed bundle of examples/basic, used the way agent code uses it: import the generated
 * client, call a real HTTP service on 127.0.0.1 and real commands, and get typed results.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExampleServer } from "../../examples/basic/server.mjs";
import type * as Generated from "../../generated/basic/index.js";
import { UnitError } from "../../runtime/index.js";
import { copyExampleBundle } from "../runtime/sandbox/support.js";
import { cleanupProjects } from "../support/project.js";

const env = { PATH: process.env.PATH, NOTES_TOKEN: "notes-canary-7f3a9", WEATHER_KEY: "weather-canary-51bd" };
let server: Awaited<ReturnType<typeof startExampleServer>>;
let units: Generated.Units;

// The example names port 4319; the service runs on a free port and a copy of the bundle points there.
beforeAll(async () => {
  server = await startExampleServer({ port: 0, notesToken: env.NOTES_TOKEN, weatherKey: env.WEATHER_KEY });
  const copy = await copyExampleBundle(server.url);
  const generated = (await import(pathToFileURL(join(copy, "index.ts")).href)) as typeof Generated;
  units = generated.createUnits({ env });
});
afterAll(async () => {
  await server.close();
  await cleanupProjects();
});

describe("generated client of examples/basic", () => {
  it("lists, reads and creates notes over HTTP with the bearer token from env", async () => {
    const all = await units.notes.listNotes();
    expect(all.map((n) => n.id)).toEqual(["n1", "n2"]);
    const work = await units.notes.listNotes({ tag: "work" });
    expect(work).toEqual([{ id: "n2", title: "Standup", tags: ["work"] }]);
    const created = await units.notes.createNote({ title: "Typed", body: "from a generated client" });
    const note = await units.notes.getNote({ id: created.id });
    expect(note).toMatchObject({ title: "Typed", body: "from a generated client", tags: [] });
  });

  it("calls plural children that inherit the parent's header auth", async () => {
    const now = await units.weather__current.now({ city: "oslo", units: "imperial" });
    expect(now).toEqual({ city: "oslo", temperature: 37, conditions: "snow" });
    const forecast = await units.weather__forecast.threeDay({ city: "lima" });
    expect(forecast).toHaveLength(3);
  });

  it("runs CLI actions without a shell", async () => {
    const listing = await units.files.listFiles({ folder: ".units" });
    expect(listing.split("\n")).toEqual(expect.arrayContaining(["config.json", "files.md", "weather"]));
    const counted = await units.files.wordCount({ file: "server.mjs" });
    expect(counted).toMatch(/^\s*\d+\s+\d+\s+\d+ server\.mjs\n$/);
  });

  it("rejects invalid input before sending anything, with a stable code", async () => {
    // @ts-expect-error title must be a string
    const wrongType = units.notes.createNote({ title: 42, body: "x" });
    await expect(wrongType).rejects.toMatchObject({ code: "INPUT_INVALID" });
    // @ts-expect-error id is required
    await expect(units.notes.getNote({})).rejects.toBeInstanceOf(UnitError);
  });

  it("reports a non-2xx answer as HTTP_STATUS with the status", async () => {
    const error = await units.notes.getNote({ id: "missing" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "HTTP_STATUS", details: { status: 404 } });
  });

  it("has no operation the unit does not declare", () => {
    // @ts-expect-error deleteNote is not an operation of notes
    expect(units.notes.deleteNote).toBeUndefined();
    // @ts-expect-error there is no unit called billing
    expect(units.billing).toBeUndefined();
  });
});
