/**
 * Finds the first strict-JSON syntax error and its offset. Node 20's `JSON.parse` messages carry no
 * position for many errors, and a config diagnostic must say line and column.
 */

export interface JsonSyntaxError {
  offset: number;
  message: string;
}

/** A strict JSON reader over `text` that throws the first error at its offset `i`. */
class Scanner {
  i = 0;

  constructor(private readonly text: string) {}

  fail(message: string): never {
    const comment = this.text.startsWith("//", this.i) || this.text.startsWith("/*", this.i);
    throw {
      offset: this.i,
      message: comment ? "comments are not allowed" : message,
    } satisfies JsonSyntaxError;
  }

  skipSpace(): void {
    while (this.i < this.text.length && " \t\n\r".includes(this.text[this.i] as string)) this.i += 1;
  }

  describe(): string {
    const char = this.text[this.i];
    return this.i >= this.text.length ? "end of file" : char === '"' ? "'\"'" : `"${char}"`;
  }

  expect(char: string): void {
    if (this.text[this.i] !== char) this.fail(`expected "${char}" but found ${this.describe()}`);
    this.i += 1;
  }

  string(): void {
    const { text } = this;
    this.expect('"');
    while (this.i < text.length && text[this.i] !== '"') {
      const code = text.charCodeAt(this.i);
      if (code < 0x20) this.fail("control character in string: escape it");
      if (text[this.i] === "\\") {
        this.i += 1;
        if (text[this.i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(this.i + 1, this.i + 5))) this.fail("invalid \\u escape");
          this.i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[this.i] ?? "x")) this.fail(`invalid escape \\${text[this.i] ?? ""}`);
      }
      this.i += 1;
    }
    if (this.i >= text.length) this.fail("unterminated string");
    this.i += 1;
  }

  number(): void {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.i));
    if (!match || match[0] === "" || match[0] === "-") this.fail(`unexpected ${this.describe()}`);
    this.i += (match as RegExpExecArray)[0].length;
  }

  /** After a member or element: `,` goes on to the next, `close` ends; true when it ended. */
  private next(close: "}" | "]"): boolean {
    this.skipSpace();
    if (this.text[this.i] === ",") {
      this.i += 1;
      this.skipSpace();
      if (this.text[this.i] === close) this.fail(`trailing comma before "${close}"`);
      return false;
    }
    if (this.text[this.i] !== close) this.fail(`expected "," or "${close}" but found ${this.describe()}`);
    this.i += 1;
    return true;
  }

  /** An empty `{}` or `[]` after its opening bracket (consumed when true). */
  private empty(close: "}" | "]"): boolean {
    this.i += 1;
    this.skipSpace();
    if (this.text[this.i] !== close) return false;
    this.i += 1;
    return true;
  }

  object(depth: number): void {
    if (this.empty("}")) return;
    do {
      this.skipSpace();
      if (this.text[this.i] !== '"') {
        this.fail(`expected a property name in double quotes but found ${this.describe()}`);
      }
      this.string();
      this.skipSpace();
      this.expect(":");
      this.value(depth + 1);
    } while (!this.next("}"));
  }

  array(depth: number): void {
    if (this.empty("]")) return;
    do this.value(depth + 1);
    while (!this.next("]"));
  }

  value(depth: number): void {
    if (depth > 512) this.fail("nesting is too deep");
    this.skipSpace();
    const char = this.text[this.i];
    if (char === "{") this.object(depth);
    else if (char === "[") this.array(depth);
    else if (char === '"') this.string();
    else if (!this.word()) {
      if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) this.number();
      else this.fail(`unexpected ${this.describe()}`);
    }
  }

  /** `true`, `false` or `null` here (consumed when true). */
  private word(): boolean {
    for (const word of ["true", "false", "null"]) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return true;
      }
    }
    return false;
  }
}

/** Returns the first syntax error of `text` as JSON (RFC 8259), or undefined when it is valid. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const scanner = new Scanner(text);
  try {
    if (text.charCodeAt(0) === 0xfeff) scanner.i = 1;
    scanner.value(0);
    scanner.skipSpace();
    if (scanner.i < text.length)
      scanner.fail(`unexpected ${scanner.describe()} after the end of the document`);
    return undefined;
  } catch (error) {
    return error as JsonSyntaxError;
  }
}
