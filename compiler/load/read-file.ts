/** Reads one input file with a size cap; failures become diagnostics, never exceptions. */
import { readFile, stat } from "node:fs/promises";
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import { noteFileRead } from "./read-log.js";

/** Largest config or unit file accepted. */
export const MAX_INPUT_FILE_BYTES = 1024 * 1024;

export type ReadResult = { text: string; diagnostics: [] } | { text?: undefined; diagnostics: Diagnostic[] };

/** Reads `file` as UTF-8 if it exists and is at most {@link MAX_INPUT_FILE_BYTES}. */
export async function readInputFile(file: string): Promise<ReadResult> {
  try {
    const info = await stat(file);
    if (info.size > MAX_INPUT_FILE_BYTES) {
      return {
        diagnostics: [
          createDiagnostic(
            "error",
            "FILE_TOO_LARGE",
            `file is ${info.size} bytes; the limit is ${MAX_INPUT_FILE_BYTES} bytes (1 MiB)`,
            { file, line: 1, column: 1 },
            "split the file, or move large schemas into files that the unit references",
          ),
        ],
      };
    }
    const text = await readFile(file, "utf8");
    noteFileRead(file, text);
    return { text, diagnostics: [] };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "EIO";
    if (code === "ENOENT") noteFileRead(file, undefined);
    return {
      diagnostics: [
        createDiagnostic(
          "error",
          code === "ENOENT" ? "FILE_NOT_FOUND" : "FILE_UNREADABLE",
          code === "ENOENT" ? "file does not exist" : `file cannot be read (${code})`,
          { file, line: 1, column: 1 },
          code === "ENOENT"
            ? "check the path, which is relative to the file that names it"
            : "check its permissions",
        ),
      ],
    };
  }
}
