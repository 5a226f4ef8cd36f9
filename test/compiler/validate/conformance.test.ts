/**
 * Conformance to the spec's "Errors" list (rules 1–7; rule 5, URLs, is in conformance-urls.test.ts).
 * Each case is a small project and the exact text `unitc validate` prints for it. Semantic rules,
 * limits, auth and storage, enumerations and exactly-one-of rules have their own files.
 */
import { describe } from "vitest";
import {
  CLI,
  CLI_ENTRY,
  type ConformanceTable,
  config,
  runConformance,
  unit,
} from "../../support/conformance.js";

const HTTP_HEAD = `name: Notes
description: A notes service.
httpApi:
  auth: { type: none }
`;

const spec: ConformanceTable = [
  [
    "1: an unknown frontmatter property is rejected with a did-you-mean",
    {
      files: unit(`name: Files\ndescription: List files.\ntag: [files]\n${CLI}`),
      want: `
.units/u.md:4:1 error UNKNOWN_PROPERTY unknown property "tag" in the frontmatter
  hint: did you mean "tags"?`,
    },
  ],
  [
    "1: an unknown property in a backend block is rejected",
    {
      files: unit(
        `name: Files\ndescription: List files.\ncliTools:\n  timeout: 5\n  actions:\n    run: { command: ls }\n`,
      ),
      want: `
.units/u.md:5:3 error UNKNOWN_PROPERTY unknown property "timeout" in "cliTools"
  hint: did you mean "timeoutMs"?`,
    },
  ],
  [
    "1: an unknown property in a config entry is rejected",
    {
      files: config({ cliTools: { files: { ...CLI_ENTRY, tgas: ["x"] } } }),
      want: `
.units/config.json:11:7 error UNKNOWN_PROPERTY unknown property "tgas" in "files"
  hint: did you mean "tags"?`,
    },
  ],
  [
    "1: an unknown property in a setup item is rejected",
    {
      files: unit(
        `name: Files\ndescription: List files.\nsetup:\n  verify:\n    - label: Check ls\n      command: ls\n      timeout: 5\n${CLI}`,
      ),
      want: `
.units/u.md:8:7 error UNKNOWN_PROPERTY unknown property "timeout" in "verify[0]"
  hint: did you mean "timeoutMs"?`,
    },
  ],
  [
    "1: an unknown property in projectBinding is rejected",
    {
      files: unit(`name: Files\ndescription: List files.\nprojectBinding:\n  requierd: true\n${CLI}`),
      want: `
.units/u.md:4:1 error MISSING_PROPERTY "projectBinding" is missing the required property "required"
  hint: add "required"
.units/u.md:5:3 error UNKNOWN_PROPERTY unknown property "requierd" in "projectBinding"
  hint: did you mean "required"?`,
    },
  ],
  [
    "1: an unknown property in runtime is rejected",
    {
      files: unit(`name: Files\ndescription: List files.\nruntime:\n  feature: [docker]\n${CLI}`),
      want: `
.units/u.md:5:3 error UNKNOWN_PROPERTY unknown property "feature" in "runtime"
  hint: did you mean "features"?`,
    },
  ],
  [
    "1: an unknown top-level config property is rejected",
    {
      files: config({ mcpServer: {} }),
      want: `
.units/config.json:2:3 error UNKNOWN_PROPERTY unknown property "mcpServer" in the config
  hint: did you mean "mcpServers"?`,
    },
  ],
  [
    "2: projectBinding.required false is rejected",
    {
      files: unit(`name: Files\ndescription: List files.\nprojectBinding:\n  required: false\n${CLI}`),
      want: `
.units/u.md:5:13 error INVALID_VALUE "required" must be true
  hint: set required to true, or remove projectBinding when the unit needs no project binding`,
    },
  ],
  [
    "2: projectBinding without required is rejected",
    {
      files: unit(`name: Files\ndescription: List files.\nprojectBinding: {}\n${CLI}`),
      want: `
.units/u.md:4:1 error MISSING_PROPERTY "projectBinding" is missing the required property "required"
  hint: add "required"`,
    },
  ],
  [
    "2: projectBinding.required true is valid",
    {
      files: unit(`name: Files\ndescription: List files.\nprojectBinding:\n  required: true\n${CLI}`),
      want: "",
    },
  ],
  [
    "3: introspection false is rejected",
    {
      files: unit(`name: Shop
description: A GraphQL shop.
graphqlEndpoint:
  endpointUrl: https://shop.example.com/graphql
  introspection: false
  auth: { type: none }
`),
      want: `
.units/u.md:6:18 error INVALID_VALUE "introspection" must be true
  hint: set introspection to true, or use schemaPath or schemaUrl instead`,
    },
  ],
  [
    "3: introspection true is valid",
    {
      files: unit(`name: Shop
description: A GraphQL shop.
graphqlEndpoint:
  endpointUrl: https://shop.example.com/graphql
  introspection: true
  auth: { type: none }
`),
      want: "",
    },
  ],
  [
    "4: an HTTP action key with a space is rejected",
    {
      files: unit(
        `${HTTP_HEAD}  baseUrl: https://notes.example.com\n  actions:\n    list notes: { method: GET, path: /notes }\n`,
      ),
      want: `
.units/u.md:8:5 error INVALID_KEY "list notes" is not a valid key here: use 1 to 64 letters, digits, "_" or "-"
  hint: rename the key`,
    },
  ],
  [
    "4: a CLI action key with punctuation is rejected",
    {
      files: config({ cliTools: { files: { ...CLI_ENTRY, actions: { "ls!": { command: "ls" } } } } }),
      want: `
.units/config.json:7:9 error INVALID_KEY "ls!" is not a valid key here: use 1 to 64 letters, digits, "_" or "-"
  hint: rename the key`,
    },
  ],
  [
    "4: a GraphQL operation key with a dot is rejected",
    {
      files: unit(`name: Shop
description: A GraphQL shop.
graphqlEndpoint:
  endpointUrl: https://shop.example.com/graphql
  introspection: true
  auth: { type: none }
  operations:
    get.user: { document: "query { me { id } }" }
`),
      want: `
.units/u.md:9:5 error INVALID_KEY "get.user" is not a valid key here: use 1 to 64 letters, digits, "_" or "-"
  hint: rename the key`,
    },
  ],
  [
    "4: action keys of letters, digits, _ and - are valid",
    {
      files: unit(
        `${HTTP_HEAD}  baseUrl: https://notes.example.com\n  actions:\n    list_Notes-v2: { method: GET, path: /notes }\n`,
      ),
      want: "",
    },
  ],
  [
    "6: actions as a plural cliTools child ID is rejected",
    {
      files: unit(`name: Dev tools
description: Git and build commands.
cliTools:
  git:
    actions:
      status: { command: git, args: [status] }
  actions:
    actions:
      run: { command: make }
`),
      want: `
.units/u.md:8:3 error RESERVED_CHILD_ID "actions" is reserved for the singular cliTools form and cannot be a plural child ID
  hint: rename the child (for example actions-tool)`,
    },
  ],
  [
    "6: an action named actions in the singular form is valid",
    {
      files: unit(
        `name: Files\ndescription: List files.\ncliTools:\n  actions:\n    actions:\n      command: ls\n`,
      ),
      want: "",
    },
  ],
  [
    "7: ${ in useWhen is rejected with a hint to write literal prose",
    {
      files: unit(`name: Files\ndescription: List files.\nuseWhen: The user is \${USER}.\n${CLI}`),
      want: `
.units/u.md:4:10 error INTERPOLATION_IN_LITERAL "useWhen" is literal text; \${...} is not interpolated here
  hint: write literal prose; put dynamic or private values in backend, auth, env or setup fields`,
    },
  ],
  [
    "7: ${ in avoidWhen is rejected",
    {
      files: unit(`name: Files\ndescription: List files.\navoidWhen: "Outside \${PROJECT_DIR}"\n${CLI}`),
      want: `
.units/u.md:4:12 error INTERPOLATION_IN_LITERAL "avoidWhen" is literal text; \${...} is not interpolated here
  hint: write literal prose; put dynamic or private values in backend, auth, env or setup fields`,
    },
  ],
  [
    "7: ${ in a config entry's useWhen is rejected",
    {
      files: config({ cliTools: { files: { ...CLI_ENTRY, useWhen: "In ${HOME}" } } }),
      want: `
.units/config.json:11:18 error INTERPOLATION_IN_LITERAL "useWhen" is literal text; \${...} is not interpolated here
  hint: write literal prose; put dynamic or private values in backend, auth, env or setup fields`,
    },
  ],
  [
    "7: ${ in a GraphQL operation's useWhen is rejected",
    {
      files: unit(`name: Shop
description: A GraphQL shop.
graphqlEndpoint:
  endpointUrl: https://shop.example.com/graphql
  introspection: true
  auth: { type: none }
  operations:
    me:
      document: "query { me { id } }"
      useWhen: "When \${USER} asks"
`),
      want: `
.units/u.md:11:16 error INTERPOLATION_IN_LITERAL "useWhen" is literal text; \${...} is not interpolated here
  hint: write literal prose; put dynamic or private values in backend, auth, env or setup fields`,
    },
  ],
  [
    "7: literal prose with $ and braces is valid",
    {
      files: unit(
        `name: Files\ndescription: List files.\nuseWhen: Prices in $USD or {braces} are fine.\n${CLI}`,
      ),
      want: "",
    },
  ],
];

describe("spec Errors 1–7", () => runConformance(spec));
