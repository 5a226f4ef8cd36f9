/**
 * The one JSON flag: every command that prints data takes `--json`; the commands that had
 * `--format text|json` keep it as another way to say the same.
 */

/** `--json`, for a command that prints data. */
export const jsonArg = { json: { type: "boolean", description: "Print JSON" } } as const;

/** `--json`, and `--format text|json` beside it, for the commands that have always taken `--format`. */
export const formatArgs = {
  json: { type: "boolean" as const, description: "Print JSON" },
  format: {
    type: "enum" as const,
    options: ["text", "json"],
    default: "text",
    description: "Output format (--format json is --json)",
  },
};

/** "json" when `--json` or `--format json` asks for it, else "text". */
export function outputFormat(args: { json?: boolean; format?: string }): "text" | "json" {
  return args.json === true || args.format === "json" ? "json" : "text";
}
