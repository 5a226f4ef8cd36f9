/**
 * The JSDoc openapi-typescript writes in `spec-types.ts`, said in fewer bytes with the same meaning
 * to an editor. A large API has tens of thousands of these comments (GitHub's REST types: 28,700,
 * 1.8 MB), most of them a description: a description that opens its comment becomes the comment's
 * own text (`/** The name. *\/`, which an editor shows as the documentation, not under a
 * `@description` heading); an `@enum {…}` tag goes, as the literal union it sits on says the same;
 * continuation lines lose the four spaces openapi-typescript adds after the star (an example's JSON
 * keeps its own nesting). Everything else (titles, formats, `@default`, `@example`, `@deprecated`)
 * stays as written.
 */

/** A line that opens a comment, as the printer writes it: tabs, then `/**`. */
const OPENS = /^(\t*)\/\*\*(.*)$/;

/** The indentation openapi-typescript gives a description's or example's further lines. */
const CONTINUED = "    ";

/** `text` (printed types, indented by tabs) with each comment tidied (see the file comment). */
export function tidyComments(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const opens = line.includes("/**") ? OPENS.exec(line) : null;
    if (opens === null) {
      out.push(line);
      continue;
    }
    const indent = opens[1] as string;
    const rest = opens[2] as string;
    if (rest.startsWith(" ") && rest.endsWith(" */")) {
      out.push(...written(indent, tidied([rest.slice(1, -3)])));
      continue;
    }
    const end = rest === "" ? closing(lines, i + 1, indent) : -1;
    if (end < 0) {
      out.push(line);
      continue;
    }
    const body = lines.slice(i + 1, end).map((l) => l.slice(indent.length + 3));
    out.push(...written(indent, tidied(body)));
    i = end;
  }
  return out.join("\n");
}

/**
 * The line of the comment opened above `from` that closes it (`<indent> *\/`), or -1 when a line
 * between is not one of its ` * ` lines: such text is left as it is.
 */
function closing(lines: readonly string[], from: number, indent: string): number {
  for (let j = from; j < lines.length; j++) {
    const line = lines[j] as string;
    if (line === `${indent} */`) return j;
    if (line !== `${indent} *` && !line.startsWith(`${indent} * `)) return -1;
  }
  return -1;
}

/**
 * A comment's lines (after ` * `) tidied. Each entry openapi-typescript wrote starts a line with no
 * indentation; its further lines are indented by {@link CONTINUED}.
 */
function tidied(body: readonly string[]): string[] {
  const kept: string[] = [];
  let keeping = true;
  for (const line of body) {
    if (line.startsWith(CONTINUED) || line === "") {
      if (keeping) kept.push(line.slice(CONTINUED.length));
      continue;
    }
    keeping = !ENUM_TAG.test(line);
    if (!keeping) continue;
    const text = line.startsWith(DESCRIPTION) ? line.slice(DESCRIPTION.length) : line;
    // Only an opening description loses its tag (after a title it would run into it), and not one
    // that would then read as a tag itself.
    kept.push(kept.length === 0 && !text.startsWith("@") ? text : line);
  }
  return kept;
}

/** The tag openapi-typescript puts before a schema's description. */
const DESCRIPTION = "@description ";

/** openapi-typescript's `@enum {string}` (or another type) tag, alone on its line. */
const ENUM_TAG = /^@enum \{[^}]*\}$/;

/** The comment for `body` at `indent`: one line when it has one, none when it is empty. */
function written(indent: string, body: readonly string[]): string[] {
  if (body.length === 0) return [];
  if (body.length === 1) return [`${indent}/** ${body[0]} */`];
  return [
    `${indent}/**`,
    ...body.map((l) => (l === "" ? `${indent} *` : `${indent} * ${l}`)),
    `${indent} */`,
  ];
}
