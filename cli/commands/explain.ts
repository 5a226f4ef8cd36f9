/** `unitc explain <CODE>`: a diagnostic or runtime error code's catalogue entry, the way `rustc --explain` prints one. */
import { defineCommand } from "citty";
import { type CatalogueCode, closestCodes, findCode } from "../code-catalogue.js";
import { type CliIO, EXIT_OK, EXIT_USAGE } from "../io.js";
import { jsonArg } from "../output-format.js";

function describe(entry: CatalogueCode): string {
  const kind = entry.origin === "compiler" ? `compiler diagnostic, ${entry.severity}` : "runtime error";
  const lines = [`${entry.code} (${kind})`, "", `  ${entry.summary}`, "", `  hint: ${entry.hint}`];
  lines.push("", "  example:", ...entry.example.split("\n").map((line) => `    ${line}`));
  return `${lines.join("\n")}\n`;
}

/** The `explain` command. */
export function explainCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "explain", description: "Explain a diagnostic or runtime error code" },
    args: {
      code: { type: "positional", required: true, description: "The code, for example UNKNOWN_PROPERTY" },
      ...jsonArg,
    },
    run({ args }) {
      const code = String(args.code);
      const entries = findCode(code);
      if (entries.length === 0) {
        const suggestions = closestCodes(code).join(", ");
        io.stderr(
          `unitc explain: unknown code ${JSON.stringify(code)}\nhint: did you mean ${suggestions}?\n`,
        );
        setExit(EXIT_USAGE);
        return;
      }
      // JSON: the catalogue entries as they are (a few codes are in both catalogues).
      io.stdout(args.json ? `${JSON.stringify(entries, null, 2)}\n` : entries.map(describe).join("\n"));
      setExit(EXIT_OK);
    },
  });
}
