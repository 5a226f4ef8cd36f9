/**
 * `unitc list`: the compiled bundle's units, their kinds, exposure and operation counts, from the
 * bundle's summary (`units-index.json`), not its much larger manifest.
 */
import { defineCommand } from "citty";
import { manifestArg, openSummary } from "../bundle.js";
import { type CliIO, EXIT_OK } from "../io.js";

/** One unit as `list` shows it. */
interface ListedUnit {
  id: string;
  name: string;
  kind: string;
  exposure: string;
  operations: number;
}

/** Rows padded to their widest cell, columns two spaces apart. */
export function table(rows: readonly string[][]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  "),
    )
    .join("\n");
}

export function listCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "list", description: "List the compiled bundle's units (kind, exposure, operations)" },
    args: {
      ...manifestArg,
      json: { type: "boolean", description: "Print JSON", default: false },
    },
    async run({ args }) {
      const bundle = await openSummary(io, "list", args.manifest, setExit);
      if (!bundle) return;
      const units: ListedUnit[] = bundle.index.units.map((unit) => ({
        id: unit.id,
        name: unit.name,
        kind: unit.kind,
        exposure: unit.exposure,
        operations: unit.operationCount,
      }));
      if (args.json) {
        io.stdout(`${JSON.stringify(units, null, 2)}\n`);
      } else if (units.length === 0) {
        io.stdout("no units in this bundle\n");
      } else {
        const rows = units.map((u) => [u.id, u.kind, u.exposure, String(u.operations), u.name]);
        io.stdout(`${table([["UNIT", "KIND", "EXPOSURE", "OPERATIONS", "NAME"], ...rows])}\n`);
      }
      setExit(EXIT_OK);
    },
  });
}
