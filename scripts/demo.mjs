#!/usr/bin/env node
// The five-minute tour (`npm run demo`, which builds first): compile every project under examples/
// into generated/, start the examples' local services on free ports, set a secret into a throwaway
// store, make typed calls of every kind (HTTP and CLI actions, OpenAPI, a discovery document, GraphQL,
// MCP over stdio and Streamable HTTP, a vault: token, OAuth client credentials), show a wrong call caught by tsc before
// anything runs, run one Code Mode script that chains three kinds of unit, and end with the
// `unitc tokens` table. Any failure is one line on stderr and exit code 1, never a stack trace.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../dist/cli/index.js";
import { compileExamples, fileTree } from "./demo-compile.mjs";
import { startServices, throwawayUserConfig } from "./demo-services.mjs";
import { typecheckFiles } from "./typecheck-generated.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();
const env = {
  PATH: process.env.PATH,
  NOTES_TOKEN: "demo-notes-token",
  WEATHER_KEY: "demo-weather-key",
  LIBRARY_TOKEN: "demo-library-token",
  YOUTUBE_API_KEY: "demo-youtube-key",
  REPORTS_CLIENT_SECRET: "demo-reports-client-secret-0123456789",
  // What the journal service accepts; the unit reads it from the vault, never from here.
  JOURNAL_TOKEN_VALUE: "demo-journal-token",
};
const closers = [];

// The bundles import `unitc/runtime`, which an application gets from its installed unitc; inside
// this repository it is the built runtime in dist/.
const runtimeUrl = new URL("../dist/runtime/index.js", import.meta.url).href;
registerHooks({
  resolve: (specifier, context, next) =>
    specifier === "unitc/runtime" ? { url: runtimeUrl, shortCircuit: true } : next(specifier, context),
});

try {
  await main();
  console.log(`\ndemo done in ${seconds(performance.now() - started)}`);
} catch (error) {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  for (const close of closers.reverse()) await close().catch(() => {});
}

async function main() {
  heading("1. Compile examples/ → generated/ (offline)");
  await compileExamples(root);
  console.log("\nWhat the compiler wrote for examples/tour (bundle/ and .code-mode/ left out):");
  console.log(fileTree(join(root, "generated/tour")));

  heading("2. The examples' services, on free ports, and a secret in a throwaway store");
  const fetch = await startServices(env, closers);
  const userConfig = await throwawayUserConfig(root, env, closers);

  heading("3. Typed calls through the generated clients");
  const basic = (await import("../generated/basic/bundle/index.js")).createUnits({ env, fetch });
  const tour = (await import("../generated/tour/bundle/index.js")).createUnits({ env, fetch });
  const more = {};
  for (const name of ["discovery", "streamable", "secure"]) {
    const bundle = await import(`../generated/${name}/bundle/index.js`);
    // The user config's storage is where vault: secrets and OAuth tokens are read (as unitc call does).
    more[name] = bundle.createUnits({ env, fetch, userConfig });
    closers.push(() => more[name].$runtime.close());
  }
  closers.push(
    () => basic.$runtime.close(),
    () => tour.$runtime.close(),
  );
  await typedCalls(basic, tour);
  await moreCalls(more);

  heading("4. A wrong call, caught by tsc before anything runs");
  wrongCall();

  heading("5. Code Mode: one script, three kinds of unit, one compact answer");
  await codeModeRun(tour);

  heading("6. Agent code importing the typed clients (examples/agent/agent.ts)");
  const { recommend } = await import("../examples/agent/agent.ts");
  console.log(`  recommend(units, "Italo Calvino")\n  → ${await recommend(tour, "Italo Calvino")}`);

  heading("7. What an agent reads: unitc tokens for examples/tour");
  await runCli(["tokens", "--manifest", "generated/tour/manifest.json"], {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: root,
    env: process.env,
  });
}

async function typedCalls(basic, tour) {
  await show("HTTP action", 'basic.notes.listNotes({ tag: "work" })', basic.notes.listNotes({ tag: "work" }));
  await show(
    "HTTP action",
    'basic.weather__current.now({ city: "paris" })',
    basic.weather__current.now({ city: "paris" }),
  );
  const wc = basic.files.wordCount({ file: "server.mjs" }).then((t) => t.trim());
  await show("CLI action", 'basic.files.wordCount({ file: "server.mjs" })', wc);
  const pets = tour.pets__petstore.findPets({ query: { tags: ["dog", "cat"] } });
  await show("OpenAPI", 'tour.pets__petstore.findPets({ query: { tags: ["dog", "cat"] } })', pets);
  await show(
    "OpenAPI",
    "tour.pets__petstore.find_pet_by_id({ path: { id: 3 } })",
    tour.pets__petstore.find_pet_by_id({ path: { id: 3 } }),
  );
  const book = tour.data__books__library__catalog.query_book({ isbn: "9780156439619" });
  await show(
    "GraphQL, generated",
    'tour.data__books__library__catalog.query_book({ isbn: "9780156439619" })',
    book,
  );
  const list = tour.data__books__library__shelf.readingList({ author: "Ursula K. Le Guin" });
  await show(
    "GraphQL, configured",
    'tour.data__books__library__shelf.readingList({ author: "Ursula K. Le Guin" })',
    list,
  );
  const entities = [{ name: "Rex", entityType: "pet", observations: ["a good dog"] }];
  await show(
    "MCP (stdio)",
    "tour.data__memo__memory.create_entities({ entities: [Rex] })",
    tour.data__memo__memory.create_entities({ entities }),
  );
  const invalid = basic.notes
    .createNote({ title: 42 })
    .catch((error) => ({ code: error.code, message: error.message }));
  await show("invalid input", "basic.notes.createNote({ title: 42 }) fails before any request", invalid);
}

/** The examples outside the tour: a discovery document, remote MCP, vault: and OAuth. */
async function moreCalls({ discovery, streamable, secure }) {
  const videos = discovery.youtube.youtube_videos_list({ query: { part: "snippet", id: "v1" } });
  await show(
    "discovery document",
    'youtube.youtube_videos_list({ query: { part: "snippet", id: "v1" } })',
    videos,
  );
  await discovery.youtube.youtube_videos_rate({ query: { id: "v1", rating: "like" } });
  const rating = discovery.youtube.youtube_videos_getRating({ query: { id: "v1" } });
  await show(
    "discovery document",
    'youtube_videos_rate(like), then youtube_videos_getRating({ query: { id: "v1" } })',
    rating,
  );
  await show(
    "MCP (Streamable HTTP)",
    'board.add_card({ title: "Record the demo" })',
    streamable.board.add_card({ title: "Record the demo" }),
  );
  await show(
    "MCP (Streamable HTTP)",
    'board.list_cards({ column: "todo" })',
    streamable.board.list_cards({ column: "todo" }),
  );
  await show("vault: token", "secure.journal.listEntries()", secure.journal.listEntries());
  await show(
    "OAuth client credentials",
    'secure.reports.usage({ month: "2025-06" })',
    secure.reports.usage({ month: "2025-06" }),
  );
}

/** Prints one call and its result (or its error code), one line each. */
async function show(kind, call, promise) {
  const value = await promise.catch((error) => ({ error: error.code ?? error.message }));
  const text = JSON.stringify(value);
  console.log(`  [${kind}] ${call}\n    → ${text.length > 160 ? `${text.slice(0, 157)}…` : text}`);
}

/** Type-checks a two-line program with a wrong argument against the generated types. */
function wrongCall() {
  const dir = mkdtempSync(join(tmpdir(), "unitc-demo-"));
  try {
    const file = join(dir, "wrong-call.mts");
    const source = `import { createUnits } from ${JSON.stringify(join(root, "generated/tour/index.js"))};
await createUnits().pets__petstore.findPets({ query: { limit: "ten" } });
`;
    writeFileSync(file, source);
    console.log(
      source
        .replace(/^/gm, "  | ")
        .replace(/\| import .*/, '| import { createUnits } from "generated/tour/index.js";'),
    );
    const errors = typecheckFiles([file]);
    for (const error of errors)
      console.log(`  tsc: ${error.replace(/^.*wrong-call\.mts:/, "wrong-call.mts:")}`);
    if (errors.length === 0) throw new Error("tsc accepted a wrong call");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The script an agent would send to the `code_mode` tool of the tour bundle. */
async function codeModeRun(tour) {
  const { runCodeMode } = await import("../dist/runtime/sandbox/index.js");
  const code = `const { book } = await units.data__books__library__catalog.query_book({ isbn: "9780441478125" });
const [pet] = await units.pets__petstore.findPets({ query: { tags: ["cat"] } });
await units.data__memo__memory.add_observations({ observations: [{ entityName: "Rex", contents: [\`friends with \${pet.name}\`] }] });
const { entities } = await units.data__memo__memory.open_nodes({ names: ["Rex"] });
return { book: \`\${book.title} by \${book.author.name}\`, cat: pet.name, rex: entities[0].observations };`;
  console.log(code.replace(/^/gm, "  | "));
  const result = await runCodeMode(tour.$runtime, { code }, join(root, "generated/tour"));
  if (!result.ok)
    throw new Error(`the Code Mode script failed: ${result.error.code} ${result.error.message}`);
  console.log(
    `  → ${JSON.stringify(result.value)}  (${Math.round(result.durationMs)} ms, type-checked then run in QuickJS)`,
  );
}

function heading(text) {
  console.log(`\n== ${text} (${seconds(performance.now() - started)})`);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
