#!/usr/bin/env node
// The main job on the examples: compile every project under examples/ into generated/, start the
// example's local service, and call its units through the generated typed client (bundle build).
// Run after `npm run build`.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
execFileSync(process.execPath, ["scripts/examples.mjs"], { cwd: root, stdio: "inherit" });

const { startExampleServer } = await import("../examples/basic/server.mjs");
const env = { ...process.env, NOTES_TOKEN: "demo-notes-token", WEATHER_KEY: "demo-weather-key" };
const server = await startExampleServer({ notesToken: env.NOTES_TOKEN, weatherKey: env.WEATHER_KEY });
try {
  const { createUnits } = await import("../generated/basic/bundle/index.js");
  const units = createUnits({ env });
  const show = (label, value) => console.log(`${label}\n  ${JSON.stringify(value)}`);
  show("units.notes.listNotes()", await units.notes.listNotes());
  const created = await units.notes.createNote({ title: "Demo", body: "Written through a typed client." });
  show('units.notes.createNote({ title: "Demo", … })', created);
  show(`units.notes.getNote({ id: "${created.id}" })`, await units.notes.getNote({ id: created.id }));
  show('units.weather__current.now({ city: "paris" })', await units.weather__current.now({ city: "paris" }));
  show(
    'units.files.wordCount({ file: "server.mjs" })',
    (await units.files.wordCount({ file: "server.mjs" })).trim(),
  );
  try {
    await units.notes.createNote({ title: 42 });
  } catch (error) {
    show("units.notes.createNote({ title: 42 }) fails before any request", {
      code: error.code,
      message: error.message,
    });
  }
} finally {
  await server.close();
}
