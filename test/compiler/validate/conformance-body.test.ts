/**
 * Conformance for a unit file's Markdown body: it is free text for people and never a runtime
 * input, but it must not hold secrets. A token of a well-known shape is warned about at its line and
 * column in the file; the line itself is never echoed, so the token does not reach a log.
 */
import { describe } from "vitest";
import { type ConformanceTable, runConformance } from "../../support/conformance.js";

/** A unit file whose frontmatter ends on line 7, so the body's first line is line 8. */
const withBody = (body: string) => ({
  ".units/u.md": `---\nname: Files\ndescription: List files.\ncliTools:\n  actions:\n    run: { command: ls }\n---\n${body}`,
});

const HINT =
  "  hint: remove it from the body (and revoke it); a unit refers to secrets as env:NAME or vault:NAME";

const cases: ConformanceTable = [
  ["a body of plain prose is valid", { files: withBody("# Files\n\nLists a folder.\n"), want: "" }],
  [
    "a GitHub token in the body is warned about at its line and column",
    {
      files: withBody(`# Files\n\nSet GH_TOKEN=ghp_${"a1B2".repeat(9)} first.\n`),
      want: `
.units/u.md:10:14 warning BODY_SECRET the body holds what looks like a GitHub token; the body is for people and must not hold secrets
${HINT}`,
    },
  ],
  [
    "an AWS access key ID in a code block is warned about",
    {
      files: withBody("# Files\n\n```sh\nexport AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n```\n"),
      want: `
.units/u.md:11:26 warning BODY_SECRET the body holds what looks like an AWS access key ID; the body is for people and must not hold secrets
${HINT}`,
    },
  ],
  [
    "a private key block and a URL with a password are each warned about",
    {
      files: withBody(
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----\nSee https://admin:hunter2@db.example.com/x\n",
      ),
      want: `
.units/u.md:8:1 warning BODY_SECRET the body holds what looks like a private key; the body is for people and must not hold secrets
${HINT}
.units/u.md:11:5 warning BODY_SECRET the body holds what looks like a URL with a password; the body is for people and must not hold secrets
${HINT}`,
    },
  ],
  [
    "references and placeholders in the body are valid",
    {
      files: withBody(
        "Set token: env:GH_TOKEN, or <ACCESS_TOKEN>, or vault:GH_TOKEN. Keys look like AKIA... and ghp_...\n",
      ),
      want: "",
    },
  ],
];

describe("unit file body", () => {
  runConformance(cases);
});
