/**
 * The catalogue of compiler diagnostic codes: each code's usual severity, a one-line summary and the
 * hint to fall back on. `Diagnostic.code` is typed from its keys, so a code missing here does not
 * compile; `unitc explain <CODE>` and docs/codes.md's table read it.
 */
import { type CodeEntry, error, info, warning } from "./code-entry.js";
import { discoverCodes } from "./discover-codes.js";

export type { CodeEntry };

const codes = {
  // Reading files and units roots
  FILE_NOT_FOUND: error("a file the project names does not exist", "check the path"),
  FILE_UNREADABLE: error("a file or units root cannot be read", "check the file's permissions"),
  FILE_TOO_LARGE: error(
    "an input file is larger than 1 MiB",
    "split the file, or move large schemas into referenced files",
  ),
  IGNORED_UNIT_FILE: warning(
    "a file in the units root looks like a unit file but is not read: unit files are <id>.md or <id>/UNIT.md, names case-sensitive",
    "rename it as the hint names (a YAML file becomes Markdown with its YAML between --- lines)",
  ),
  NOT_A_UNIT: warning(
    "a folder in the units root holds no UNIT.md",
    "add UNIT.md, or move the folder out of the units root",
  ),
  INVALID_UNIT_ID: error(
    "a unit file or folder name is not a valid unit ID",
    "rename it to 1-64 letters, digits, _ or -",
  ),
  RESERVED_ID: error("a unit ID is reserved by unitc", "choose another ID"),
  USER_CONFIG_OLD_FOLDER: info(
    "the user config was read from the old units/ folder",
    "move it to the unitc/ folder",
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
  ),
  YAML_TOO_LARGE: error("a YAML document expands to too many values", "make the document smaller"),
  YAML_TOO_DEEP: error("YAML values or aliases nest too deeply", "flatten the document"),
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
  // Schema validation
  INVALID_KEY: error("a map key is not a valid name", "rename the key to 1-64 letters, digits, _ or -"),
  UNKNOWN_PROPERTY: error(
    "a property the schema does not allow",
    "remove it, or fix its spelling",
    "descripton: typo",
  ),
  FORBIDDEN_PROPERTY: error(
    "a property that is not allowed in this form of the block",
    "remove it, or change the field that selects the form",
  ),
  MISSING_PROPERTY: error("a required property is missing", "add the property"),
  MUTUALLY_EXCLUSIVE: error(
    "properties that exclude each other are set together",
    "keep exactly one of them",
  ),
  ONE_OF_REQUIRED: error("none of the alternative properties is set", "add one of them"),
  WRONG_TYPE: error(
    "a value has the wrong type",
    "write a value of the type the message names",
    "timeoutMs: soon",
  ),
  INVALID_VALUE: error("a value is not one of the allowed values", "use one of the values the message lists"),
  PATTERN_MISMATCH: error(
    "a string does not match its pattern",
    "write the value in the form the hint describes",
  ),
  TOO_SHORT: error("a string or list is shorter than allowed", "lengthen it, or remove the property"),
  TOO_LONG: error("a string or list is longer than allowed", "shorten it"),
  DUPLICATE_ITEM: error("a list holds the same item twice", "remove the duplicate"),
  OUT_OF_RANGE: error("a number is outside its allowed range", "use a number inside the range"),
  INVALID_FORMAT: error(
    "a string is not in its required format",
    "write a value in the format the message names",
  ),
  SCHEMA_VIOLATION: error("a value breaks a schema rule", "fix the value the message names"),
  INVALID_URL: {
    ...error("a URL breaks unitc's URL rules", "use an absolute http(s) URL without credentials"),
    hidesSource: true,
  },
  LITERAL_SECRET: {
    ...error("a credential is written as literal text", "use a reference such as env:NAME"),
    hidesSource: true,
  },
  BODY_SECRET: {
    ...warning(
      "a unit file's Markdown body holds what looks like a secret",
      "remove it from the body and revoke it; refer to secrets as env:NAME or vault:NAME",
    ),
    hidesSource: true,
  },
  INTERPOLATION_IN_LITERAL: error(
    "${...} appears in text that is not interpolated",
    "write literal prose; dynamic values go in backend, auth or env fields",
  ),
  PATH_DOT_SEGMENT: error(
    "a path holds . or .. segments",
    "write the path below baseUrl without dot segments",
  ),
  INVALID_HEADER: error("a header name is not valid", "use letters, digits and - only"),
  FORBIDDEN_HEADER: error("a header that the HTTP client sets itself is configured", "remove the header"),
  // Document rules
  NO_BACKEND: error(
    "a unit declares no backend",
    "add one backend block such as httpApi, cliTools, mcpServer or openapiEndpoint",
  ),
  MULTIPLE_BACKENDS: error(
    "a unit file combines backend blocks that do not belong together",
    "split it into two unit files",
  ),
  NO_ACTIONS: warning(
    '"actions" is empty, so the unit has no operations',
    "add an action, or disable the unit",
  ),
  EMPTY_MAP: warning("a plural map is empty", "add an entry, or remove the map"),
  SERVE_IGNORED: warning(
    "serve settings in a project config are ignored",
    "move serve to the user config, or pass serve flags",
  ),
  TELEMETRY_IGNORED: warning(
    "telemetry settings in a project config are ignored",
    "move telemetry to the user config",
  ),
  NAMESPACE_ALIASES_IGNORED: warning(
    "namespaceAliases in a project config are ignored",
    "move namespaceAliases to the user config",
  ),
  STORAGE_NO_VAULT_KEY: warning(
    "a shared storage provider (postgresql, object_store) has no vaultKey, so the store will not open",
    "set storage.vaultKey to an env: or file: reference to 32 random bytes as base64url",
  ),
  USER_CONFIG_ONLY: error("a setting that only the user config may set", "move it to the user config"),
  DUPLICATE_ID: error("a unit or child ID is used twice", "rename one of them"),
  DUPLICATE_ALIAS_LABEL: error("a namespace alias label is used twice", "choose another label"),
  RESERVED_CHILD_ID: error('"actions" is used as a plural child ID', "rename the child"),
  MISSING_AUTH: error(
    "a plural child states no auth and has none to inherit",
    "add auth to the child or to the unit",
  ),
  UNUSED_AUTH: warning(
    "unit-level auth that no backend entry inherits",
    "move it into the backend block, or remove it",
  ),
  SEARCH_LIMIT_ABOVE_MAX: error(
    "defaultSearchLimit is greater than maxSearchLimit",
    "lower defaultSearchLimit, or raise maxSearchLimit",
  ),
  // Checks of `unitc validate` and resolution
  SPEC_UNREADABLE: error(
    "a local spec file cannot be read",
    "the path is relative to the file that declares the unit",
  ),
  COMMAND_NOT_FOUND: warning("a CLI command is not on PATH", "install the command, or give its path"),
  USER_UNIT_REPLACED: info(
    "a project unit replaces a user-level unit of the same ID",
    "rename one of them if both are wanted",
  ),
  HANDLE_COLLISION: error("two units end up with the same ID", "rename one of them"),
  ...discoverCodes,
  // Emit, bundle and write
  CODE_MODE_NAME_TAKEN: warning(
    "a unit's ID is a Code Mode built-in, so Code Mode leaves it out",
    "rename the unit to reach it from Code Mode",
  ),
  BUNDLE_DECLARATION: error(
    "a bundle declaration file could not be emitted: a generated export has no declared type, a bug in unitc",
    "report it with the unit that causes it",
  ),
  BUNDLE_WARNING: warning(
    "the bundler warned about generated code, a bug in unitc",
    "the bundle was still built; report it with the unit that causes it",
  ),
  BUNDLE_FAILED: error("bundling failed", "fix the reason the message gives"),
  BUNDLE_PATH_INVALID: error("the bundle path is not usable", "choose another --bundle path"),
  OUT_DIR_NOT_OURS: error(
    "the output folder holds files unitc did not write",
    "choose an empty or new folder, or empty this one",
  ),
  WRITE_FAILED: error("the output cannot be written", "check the folder's permissions and free space"),
} satisfies Record<string, CodeEntry>;

/** Every compiler diagnostic code. */
export type CompilerCode = keyof typeof codes;

/** The compiler catalogue, by code. */
export const compilerCodes: Readonly<Record<CompilerCode, CodeEntry>> = codes;
