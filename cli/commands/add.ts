/**
 * `unitc add <kind> <id> …`: writes `.units/<id>.md` from flags, checks it with the compiler's
 * validate, and keeps it only when it has no errors. An existing file is never replaced without `--force`.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { hasErrors } from "../../compiler/codes/diagnostics.js";
import { validate } from "../../compiler/index.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { projectArgs, projectOptions } from "../project-args.js";
import { reportDiagnostics } from "../report.js";
import { ADD_KINDS, type AddKind, unitFileText } from "../unit-file.js";
import { schemaRef } from "./init.js";

const UNIT_ID = /^[a-zA-Z0-9_-]{1,64}$/;

const text = (description: string, valueHint: string) =>
  ({ type: "string", description, valueHint }) as const;

const addArgs = {
  kind: { type: "positional", required: true, description: Object.keys(ADD_KINDS).join("|") },
  id: { type: "positional", required: true, description: "The unit's ID (letters, digits, _ and -)" },
  name: text("Display name (default the ID)", "TEXT"),
  description: text("What the unit is for (agents read it)", "TEXT"),
  spec: text("openapi, discovery: the document's path or URL", "PATH|URL"),
  "base-url": text("openapi, discovery, http: the API's base URL", "URL"),
  endpoint: text("graphql: the endpoint URL", "URL"),
  schema: text("graphql: SDL or introspection path or URL (default: introspection)", "PATH|URL"),
  url: text("mcp: a remote server's URL (instead of a command after --)", "URL"),
  token: text("Bearer token reference such as env:API_TOKEN (default: auth none)", "REF"),
  action: text("http, cli: the action's name (default get / run)", "NAME"),
  method: text("http: the action's method (default GET)", "METHOD"),
  path: text("http: the action's path (default /)", "PATH"),
  force: { type: "boolean", description: "Overwrite an existing unit file", default: false },
  project: projectArgs.project,
} as const;

export function addCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "add", description: "Write a unit file from flags and validate it" },
    args: addArgs,
    async run({ args, rawArgs }) {
      if (!Object.hasOwn(ADD_KINDS, args.kind)) {
        throw new UsageError(
          `unknown kind ${JSON.stringify(args.kind)}; one of ${Object.keys(ADD_KINDS).join(", ")}`,
        );
      }
      if (!UNIT_ID.test(args.id))
        throw new UsageError(`unit ID ${JSON.stringify(args.id)}: 1 to 64 letters, digits, _ or -`);
      const dash = rawArgs.indexOf("--");
      const command = dash < 0 ? [] : rawArgs.slice(dash + 1);
      // Inside a project, its units folder (found upward); outside any, a new one here.
      const options = projectOptions(io, { project: args.project, "user-config": "none" }, true);
      const unitsDir = join(options.projectDir, ".units");
      const file = join(unitsDir, `${args.id}.md`);
      const shown = relative(io.cwd, file) || file;
      const before = await readFile(file, "utf8").catch(() => undefined);
      if (before !== undefined && !args.force) {
        io.stderr(`unitc add: ${shown} already exists; pass --force to overwrite it\n`);
        setExit(EXIT_ERRORS);
        return;
      }
      const ref = await schemaRef(unitsDir, dirname(unitsDir), "unit.schema.json");
      await mkdir(unitsDir, { recursive: true });
      // Paths are typed relative to the working folder; a unit file's are relative to the unit file.
      const local = (path: string | undefined) =>
        path === undefined || /^https?:\/\//i.test(path)
          ? path
          : relative(unitsDir, resolve(io.cwd, path)).split("\\").join("/");
      const flags = { ...args, spec: local(args.spec), schema: local(args.schema), command };
      await writeFile(file, unitFileText(args.kind as AddKind, args.id, flags, ref));
      const context = await validate(options);
      const own = context.diagnostics.filter((d) => d.file === file);
      if (hasErrors(own)) {
        // Leave the project as it was: the old file back, or no file.
        if (before === undefined) await rm(file, { force: true });
        else await writeFile(file, before);
        reportDiagnostics(io, own, "text");
        io.stderr(
          `unitc add: the unit did not validate, so ${shown} was not ${before === undefined ? "written" : "changed"}\n`,
        );
        setExit(EXIT_ERRORS);
        return;
      }
      if (own.length > 0) reportDiagnostics(io, own, "text");
      io.stderr(`wrote ${shown}\nnext: unitc compile\n`);
      setExit(EXIT_OK);
    },
  });
}
