#!/usr/bin/env node
// The main job on the examples: compile every project under examples/ into generated/, start the
// example's local service, call its units through the generated typed client (bundle build), and
// end with a Code Mode run: one script that calls several units in the sandbox and returns a
// compact answer. `npm run demo` builds first.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
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
  await codeModeRun();
} finally {
  await server.close();
}

/** The script an agent would send to the `code_mode` tool, run against generated/basic. */
async function codeModeRun() {
  const { createRuntime } = await import("../dist/runtime/index.js");
  const { runCodeMode } = await import("../dist/runtime/sandbox/index.js");
  const bundleDir = join(root, "generated/basic");
  const runtime = createRuntime({ manifestPath: join(bundleDir, "manifest.json"), env });
  const script = `const notes = await units.notes.listNotes();
const first = await units.notes.getNote({ id: notes[0].id });
const weather = await units.weather__current.now({ city: "paris" });
console.log(\`read \${notes.length} notes\`);
return {
  titles: notes.map((n) => n.title),
  first: \`\${first.title}: \${first.body}\`,
  paris: \`\${weather.temperature}°C, \${weather.conditions}\`,
};`;
  try {
    const result = await runCodeMode(runtime, { code: script }, bundleDir);
    console.log(`\nCode Mode: one script, two units, one compact answer\n${script.replace(/^/gm, "  | ")}`);
    console.log(JSON.stringify(result, null, 2).replace(/^/gm, "  "));
    if (!result.ok) process.exitCode = 1;
  } finally {
    await runtime.close();
  }
}
