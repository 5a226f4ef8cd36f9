/** Conformance for every enumeration: each value is accepted, and one wrong value is rejected. */
import { describe } from "vitest";
import { CLI, type ConformanceTable, config, runConformance, unit } from "../../support/conformance.js";

const withField = (field: string) => unit(`name: Files\ndescription: List files.\n${field}\n${CLI}`);

/** One valid case per value, then the wrong value's case. */
function enumCases(
  label: string,
  values: readonly string[],
  files: (value: string) => Record<string, string>,
  wrong: [value: string, want: string],
): ConformanceTable {
  return [
    ...values.map((value): ConformanceTable[number] => [
      `${label} ${value} is valid`,
      { files: files(value), want: "" },
    ]),
    [`${label} ${wrong[0]} is rejected`, { files: files(wrong[0]), want: wrong[1] }],
  ];
}

const mcp = (transport: string) =>
  unit(
    transport === "stdio"
      ? `name: Files\ndescription: A file server.\nmcpServer:\n  transport: ${transport}\n  command: files-mcp\n`
      : `name: Files\ndescription: A file server.\nmcpServer:\n  transport: ${transport}\n  url: https://mcp.example.com/mcp\n`,
  );
const httpMethod = (method: string) =>
  unit(`name: Notes
description: A notes service.
httpApi:
  baseUrl: https://notes.example.com
  auth: { type: none }
  actions:
    call: { method: ${method}, path: /notes }
`);
const cliOutput = (type: string) =>
  unit(
    `name: Files\ndescription: List files.\ncliTools:\n  actions:\n    run:\n      command: ls\n      output: { type: ${type} }\n`,
  );
const authType = (type: string) =>
  unit(`name: Notes
description: A notes service.
httpApi:
  baseUrl: https://notes.example.com
  auth: { type: ${type}${type === "bearer" ? ", token: env:T" : type === "headers" ? ", headers: {}" : ""} }
  actions: { list: { method: GET, path: /x } }
`);

const EXPOSURES = ["direct", "progressive", "code_mode", "direct_and_code_mode", "progressive_and_code_mode"];

const enums: ConformanceTable = [
  ...enumCases("exposure", EXPOSURES, (v) => withField(`exposure: ${v}`), [
    "codemode",
    `
.units/u.md:4:11 error INVALID_VALUE "exposure" is "codemode"; expected one of "direct", "progressive", "code_mode", "direct_and_code_mode", "progressive_and_code_mode"
  hint: did you mean "code_mode"?`,
  ]),
  ...enumCases("options.exposure", EXPOSURES, (v) => config({ options: { exposure: v } }), [
    "all",
    `
.units/config.json:3:17 error INVALID_VALUE "exposure" is "all"; expected one of "direct", "progressive", "code_mode", "direct_and_code_mode", "progressive_and_code_mode"
  hint: use one of "direct", "progressive", "code_mode", "direct_and_code_mode", "progressive_and_code_mode"`,
  ]),
  ...enumCases("shadowing", ["forbid", "allow", "namespace"], (v) => withField(`shadowing: ${v}`), [
    "hide",
    `
.units/u.md:4:12 error INVALID_VALUE "shadowing" is "hide"; expected one of "forbid", "allow", "namespace"
  hint: use one of "forbid", "allow", "namespace"`,
  ]),
  ...enumCases("MCP transport", ["stdio", "http", "sse"], mcp, [
    "websocket",
    `
.units/u.md:5:14 error INVALID_VALUE "transport" is "websocket"; expected one of "stdio", "http", "sse"
  hint: use one of "stdio", "http", "sse"`,
  ]),
  ...enumCases("HTTP method", ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"], httpMethod, [
    "get",
    `
.units/u.md:8:21 error INVALID_VALUE "method" is "get"; expected one of "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"
  hint: did you mean "GET"?`,
  ]),
  ...enumCases("CLI output type", ["text", "json"], cliOutput, [
    "xml",
    `
.units/u.md:8:23 error INVALID_VALUE "type" is "xml"; expected one of "text", "json"
  hint: use one of "text", "json"`,
  ]),
  ...enumCases("auth type", ["none", "bearer", "headers", "oauth2", "oidc"], authType, [
    "basic",
    `
.units/u.md:6:17 error INVALID_VALUE "type" is "basic"; expected one of "none", "bearer", "headers", "oauth2", "oidc"
  hint: use one of "none", "bearer", "headers", "oauth2", "oidc"`,
  ]),
  ...enumCases(
    "runtime.features item",
    ["docker", "browser"],
    (v) => withField(`runtime:\n  features: [${v}]`),
    [
      "gpu",
      `
.units/u.md:5:14 error INVALID_VALUE "features[0]" is "gpu"; expected one of "docker", "browser"
  hint: use one of "docker", "browser"`,
    ],
  ),
  ...enumCases(
    "runtime.resources.class",
    ["standard", "large", "heavy"],
    (v) => withField(`runtime:\n  resources: { class: ${v} }`),
    [
      "huge",
      `
.units/u.md:5:23 error INVALID_VALUE "class" is "huge"; expected one of "standard", "large", "heavy"
  hint: use one of "standard", "large", "heavy"`,
    ],
  ),
  ...enumCases("config version", ["1"], (v) => config({ version: Number(v) }), [
    "2",
    `
.units/config.json:2:14 error INVALID_VALUE "version" must be 1
  hint: set it to 1 or remove it`,
  ]),
  [
    "a repeated runtime.features item is rejected",
    {
      files: withField("runtime:\n  features: [docker, docker]"),
      want: `
.units/u.md:5:13 error DUPLICATE_ITEM "features" holds a duplicate item
  hint: remove the duplicate`,
    },
  ],
];

describe("enumerations", () => runConformance(enums));
