// The peer: UTCP code-mode (isolated-vm) running the same scripts in-process, as it is meant to run,
// with one direct-call tool that answers like the example's listNotes. `undefined` when not installed.
import { median } from "./support.mjs";

const NOTES = [{ id: "n1", title: "First", tags: ["a"] }];

export async function utcpFigures({ rounds = 50, pauseMs = 50 } = {}) {
  let modules;
  try {
    modules = await Promise.all([import("@utcp/code-mode"), import("@utcp/direct-call")]);
  } catch {
    return undefined;
  }
  const [{ CodeModeUtcpClient }, { addFunctionToUtcpDirectCall }] = modules;
  // The SDK logs every call to the console; quiet, so the figures are not the terminal's.
  const { log, info } = console;
  console.log = console.info = () => {};
  try {
    return await measure(CodeModeUtcpClient, addFunctionToUtcpDirectCall, rounds, pauseMs);
  } finally {
    Object.assign(console, { log, info });
  }
}

async function measure(CodeModeUtcpClient, addFunctionToUtcpDirectCall, rounds, pauseMs) {
  const tool = {
    name: "listNotes",
    description: "List notes",
    inputs: { type: "object", properties: { tag: { type: "string" } } },
    outputs: { type: "array" },
    tags: [],
    tool_call_template: { call_template_type: "direct-call", callable_name: "benchListNotes" },
  };
  addFunctionToUtcpDirectCall("benchNotesManual", async () => ({
    utcp_version: "1.0.0",
    manual_version: "1.0.0",
    tools: [tool],
  }));
  addFunctionToUtcpDirectCall("benchListNotes", async () => NOTES);
  const client = await CodeModeUtcpClient.create();
  await client.registerManual({
    name: "notes",
    call_template_type: "direct-call",
    callable_name: "benchNotesManual",
  });
  const time = async (code) => {
    const started = performance.now();
    await client.callToolChain(code);
    return performance.now() - started;
  };
  const first = await time("return 0");
  for (let i = 0; i < 5; i++) await time(`return ${-i}`);
  const fresh = [];
  for (let i = 0; i < rounds; i++) fresh.push(await time(`return ${i + 1000 * Math.random()}`));
  const oneCall = [];
  for (let i = 0; i < rounds; i++)
    oneCall.push(await time(`const n = await notes.listNotes({});\nreturn [n, ${i}]`));
  const hundred = [];
  // Warmed as unitc's 100-call rows are: the first rounds compile the call path.
  for (let i = 0; i < 15; i++)
    hundred.push(
      await time(
        `let last;\nfor (let i = 0; i < 100; i++) last = await notes.listNotes({});\nreturn [last, ${i}]`,
      ),
    );
  const oneCallPaced = [];
  for (let i = 0; i < 30; i++) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    oneCallPaced.push(await time(`const n = await notes.listNotes({});\nreturn [n, ${i}, 3]`));
  }
  return {
    first,
    fresh: median(fresh),
    oneCall: median(oneCall),
    hundred: median(hundred.slice(5)),
    oneCallPaced: median(oneCallPaced),
  };
}
