/** The `code_mode` tool description and `units.describe` text, from the committed example bundle. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readManifest } from "../../../runtime/contract/manifest.js";
import { describeDeclaration, loadDeclarations } from "../../../runtime/sandbox/declarations/declarations.js";
import { CODE_MODE_API, codeModeDescription } from "../../../runtime/sandbox/index.js";
import { bundleDir, outsideBundleFolder } from "./support.js";

const { manifest } = readManifest(join(bundleDir, "manifest.json"));
const temp = mkdtempSync(join(tmpdir(), "unitc-declarations-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("codeModeDescription", () => {
  const text = codeModeDescription(manifest);

  it("lists each unit with its one-line description and operation count", () => {
    expect(text).toContain(
      [
        "Units (4):",
        "- files: Read-only look at the example folder with standard command-line tools. (2 operations)",
        "- notes: A small local notes service: list, read and create notes. (3 operations)",
        "- weather__current: Current conditions for a city. (1 operation)",
        "- weather__forecast: Three-day forecast for a city. (1 operation)",
      ].join("\n"),
    );
  });

  it("tells the agent to search first and shows the API in at most 40 lines", () => {
    expect(text).toMatch(/Search first: `await units\.search\("what you want to do"\)`/);
    expect(text).toContain(CODE_MODE_API);
    expect(CODE_MODE_API.split("\n").length).toBeLessThanOrEqual(40);
    expect(text).toContain("timeoutMs up to 120000");
  });

  it("counts the units past maxUnits instead of naming them", () => {
    const short = codeModeDescription(manifest, { maxUnits: 2 });
    expect(short).toContain("- notes: A small");
    expect(short).not.toContain("- weather__current");
    expect(short).toContain("- and 2 more: find them with units.search");
  });

  it("leaves out units outside Code Mode and strips invisible characters", () => {
    const units = manifest.units.map((u) =>
      u.id === "files"
        ? { ...u, exposure: "direct" as const }
        : { ...u, description: `${u.description}\u200B\u202E` },
    );
    const other = codeModeDescription({ ...manifest, units });
    expect(other).not.toContain("- files:");
    expect(other).toContain(
      "- notes: A small local notes service: list, read and create notes. (3 operations)",
    );
  });
});

describe("declarations", () => {
  it("inlines the unit files into one text for the type check", () => {
    const declarations = loadDeclarations(bundleDir);
    expect(declarations?.combined).toContain("declare namespace Units.notes {");
    expect(declarations?.combined).toContain("declare const units: {");
    expect(declarations?.combined).not.toContain("/// <reference");
    expect([...(declarations?.units.keys() ?? [])]).toEqual([
      "files",
      "notes",
      "weather__current",
      "weather__forecast",
    ]);
  });

  it("reads the files again when they change", () => {
    cpSync(bundleDir, temp, { recursive: true, filter: outsideBundleFolder });
    const first = loadDeclarations(temp);
    // The unit's members are in its types.ts, which its declaration refers to.
    const file = join(temp, "units/notes/types.ts");
    writeFileSync(file, readFileSync(file, "utf8").replace("Read one note by ID.", "Read one note."));
    writeFileSync(join(temp, "manifest.json"), `${readFileSync(join(temp, "manifest.json"), "utf8")}\n`);
    const second = loadDeclarations(temp);
    expect(second?.version).not.toBe(first?.version);
    expect(second?.units.get("notes")).toContain("/** Read one note. */");
  });

  it("falls back to call signatures when a bundle has no declaration files", () => {
    const notes = manifest.units.find((u) => u.id === "notes");
    if (!notes) throw new Error("no notes unit");
    expect(describeDeclaration(undefined, notes, "getNote")).toBe(
      "// Read one note by ID.\nunits.notes.getNote(input: { id: string }): Promise<{ id: string; title: string; body: string; tags: string[] }>;\n",
    );
    expect(loadDeclarations(join(temp, "nowhere"))).toBeUndefined();
  });
});
