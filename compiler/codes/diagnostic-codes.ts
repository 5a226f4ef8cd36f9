/**
 * The catalogue of compiler diagnostic codes: each code's usual severity, a one-line summary, the
 * hint to fall back on and an example that produces it (the validate and discover stages' parts are
 * in `validate-codes.ts` and `discover-codes.ts`). `Diagnostic.code` is typed from its keys, so a code missing here does not
 * compile; `unitc explain <CODE>` and docs/codes.md's table read it.
 */
import { type CodeEntry, error, info, warning } from "./code-entry.js";
import { discoverCodes } from "./discover-codes.js";
import { validateCodes } from "./validate-codes.js";

export type { CodeEntry };

const codes = {
  // Reading files and units roots
  FILE_NOT_FOUND: error(
    "a file the project names does not exist",
    "check the path",
    "openapiEndpoints:\n  shop:\n    specPath: specs/missing.yaml",
  ),
  FILE_UNREADABLE: error(
    "a file or units root cannot be read",
    "check the file's permissions",
    ".units/notes.md with mode 000 (unreadable by this user)",
  ),
  FILE_TOO_LARGE: error(
    "an input file is larger than 1 MiB",
    "split the file, or move large schemas into referenced files",
    ".units/github.json: a 3 MiB unit file with its spec pasted inline",
  ),
  IGNORED_UNIT_FILE: warning(
    "a file in the units root looks like a unit file but is not read: unit files are <id>.md or <id>/UNIT.md, names case-sensitive",
    "rename it as the hint names (a YAML file becomes Markdown with its YAML between --- lines)",
    ".units/notes.yaml (a unit file must be notes.md or notes/UNIT.md)",
  ),
  NOT_A_UNIT: warning(
    "a folder in the units root holds no UNIT.md",
    "add UNIT.md, or move the folder out of the units root",
    ".units/helpers/ holding only scripts, no UNIT.md",
  ),
  INVALID_UNIT_ID: error(
    "a unit file or folder name is not a valid unit ID",
    "rename it to 1-64 letters, digits, _ or -",
    ".units/my notes.md (a space in the file name)",
  ),
  RESERVED_ID: error("a unit ID is reserved by unitc", "choose another ID", ".units/search.md"),
  USER_CONFIG_OLD_FOLDER: info(
    "the user config was read from the old units/ folder",
    "move it to the unitc/ folder",
    "~/.config/units/config.json instead of ~/.config/unitc/config.json",
  ),
  // Frontmatter, YAML and JSON
  FRONTMATTER_MISSING: error(
    "a unit file does not start with YAML frontmatter",
    "start the file with --- lines around the YAML",
    "# My unit\n",
  ),
  FRONTMATTER_UNCLOSED: error(
    "the frontmatter has no closing --- line",
    "close the frontmatter with a --- line",
    "---\nid: x\n",
  ),
  FRONTMATTER_LANGUAGE: error(
    "the frontmatter fence names a language other than YAML",
    "use a plain --- fence",
    "---toml\n",
  ),
  JSON_SYNTAX: error("a JSON document does not parse", "fix the JSON syntax at this position", '{ "a": }'),
  YAML_SYNTAX: error("a YAML document does not parse", "fix the YAML syntax at this position", "a: [1, 2"),
  YAML_TAG: error("a YAML value uses a custom tag", "write the value as a plain string", "a: !secret x"),
  YAML_TOO_MANY_ALIASES: error(
    "a YAML document uses too many aliases",
    "write the values out instead of aliasing them",
    "a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\n# … and on, doubling each line",
  ),
  YAML_TOO_LARGE: error(
    "a YAML document expands to too many values",
    "make the document smaller",
    "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n# … each line ten times the last",
  ),
  YAML_TOO_DEEP: error(
    "YAML values or aliases nest too deeply",
    "flatten the document",
    "a: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
  ),
  YAML_UNKNOWN_ALIAS: error(
    "a YAML alias has no anchor before it",
    "define the &anchor before the *alias",
    "a: *nowhere",
  ),
  YAML_COMPLEX_KEY: error("a YAML key is not a plain scalar", "use plain string keys", "? [a, b]\n: 1"),
  DUPLICATE_KEY: error(
    "a key appears twice in one mapping",
    "remove or rename one of the keys",
    "a: 1\na: 2",
  ),
  ...validateCodes,
  // Checks of `unitc validate` and resolution
  SPEC_UNREADABLE: error(
    "a local spec file cannot be read",
    "the path is relative to the file that declares the unit",
    "openapiEndpoint:\n  specPath: specs/shop.yaml   # a folder, or unreadable",
  ),
  COMMAND_NOT_FOUND: warning(
    "a CLI command is not on PATH",
    "install the command, or give its path",
    "cliTools:\n  actions:\n    search:\n      command: rg   # ripgrep is not installed",
  ),
  USER_UNIT_REPLACED: info(
    "a project unit replaces a user-level unit of the same ID",
    "rename one of them if both are wanted",
    "~/.config/unitc/units/notes.md and .units/notes.md in the project",
  ),
  HANDLE_COLLISION: error(
    "two units end up with the same ID",
    "rename one of them",
    "httpApis:\n  crm:\n    …\n  crm__deals: …   # and crm's plural child deals",
  ),
  ...discoverCodes,
  // Emit, bundle and write
  CODE_MODE_NAME_TAKEN: warning(
    "a unit's ID is a Code Mode built-in, so Code Mode leaves it out",
    "rename the unit to reach it from Code Mode",
    ".units/describe.md exposed to Code Mode, where units.describe is a built-in",
  ),
  CONFIRM_MATCHES_NOTHING: warning(
    "a name in a unit's confirm list matches none of its operations, so no call is confirmed for it",
    "name an operation the unit has, or use * to match several",
    "confirm: [deleteNotes] on a unit whose operation is deleteNote",
  ),
  SEARCH_HINTS_UNKNOWN_OPERATION: warning(
    "a key of a unit's searchHints names none of its operations, so its hints are not used",
    "use an operation name the unit has (the operationId, tool or method name)",
    "searchHints: {chat_postMesage: [ping the channel]} on a unit whose operation is chat_postMessage",
  ),
  BUNDLE_DECLARATION: error(
    "a bundle declaration file could not be emitted: a generated export has no declared type, a bug in unitc",
    "report it with the unit that causes it",
    "unitc compile --bundle app.js, where a generated export has no declared type",
  ),
  BUNDLE_WARNING: warning(
    "the bundler warned about generated code, a bug in unitc",
    "the bundle was still built; report it with the unit that causes it",
    "unitc compile --bundle app.js, where esbuild warns about a generated module",
  ),
  BUNDLE_FAILED: error(
    "bundling failed",
    "fix the reason the message gives",
    "unitc compile --bundle app.js without esbuild installed",
  ),
  BUNDLE_PATH_INVALID: error(
    "the bundle path is not usable",
    "choose another --bundle path",
    "unitc compile --bundle generated/   (a folder, not a file)",
  ),
  OUT_DIR_NOT_OURS: error(
    "the output folder holds files unitc did not write",
    "choose an empty or new folder, or empty this one",
    "unitc compile --out src/   (a folder holding the app's own files)",
  ),
  WRITE_FAILED: error(
    "the output cannot be written",
    "check the folder's permissions and free space",
    "unitc compile --out /usr/share/units   (not writable by this user)",
  ),
} satisfies Record<string, CodeEntry>;

/** Every compiler diagnostic code. */
export type CompilerCode = keyof typeof codes;

/** The compiler catalogue, by code. */
export const compilerCodes: Readonly<Record<CompilerCode, CodeEntry>> = codes;
