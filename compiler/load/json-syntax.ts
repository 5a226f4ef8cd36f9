/**
 * Finds the first strict-JSON syntax error and its offset. Node 20's `JSON.parse` messages carry no
 * position for many errors, and a config diagnostic must say line and column.
 */

export interface JsonSyntaxError {
  offset: number;
  message: string;
}

/** Returns the first syntax error of `text` as JSON (RFC 8259), or undefined when it is valid. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const fail = (message: string): never => {
    const comment = text.startsWith("//", i) || text.startsWith("/*", i);
    throw {
      offset: i,
      message: comment ? "comments are not allowed" : message,
    } satisfies JsonSyntaxError;
  };
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i += 1;
  };
  const describe = () => (i >= text.length ? "end of file" : text[i] === '"' ? "'\"'" : `"${text[i]}"`);
  const expect = (char: string) => {
    if (text[i] !== char) fail(`expected "${char}" but found ${describe()}`);
    i += 1;
  };
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      const code = text.charCodeAt(i);
      if (code < 0x20) fail("control character in string: escape it");
      if (text[i] === "\\") {
        i += 1;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail("invalid \\u escape");
          i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i] ?? "x")) fail(`invalid escape \\${text[i] ?? ""}`);
      }
      i += 1;
    }
    if (i >= text.length) fail("unterminated string");
    i += 1;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === "" || match[0] === "-") fail(`unexpected ${describe()}`);
    i += (match as RegExpExecArray)[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 512) fail("nesting is too deep");
    skipSpace();
    const char = text[i];
    if (char === "{") {
      i += 1;
      skipSpace();
      if (text[i] === "}") {
        i += 1;
        return;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') fail(`expected a property name in double quotes but found ${describe()}`);
        string();
        skipSpace();
        expect(":");
        value(depth + 1);
        skipSpace();
        if (text[i] === ",") {
          i += 1;
          skipSpace();
          if (text[i] === "}") fail('trailing comma before "}"');
          continue;
        }
        if (text[i] !== "}") fail(`expected "," or "}" but found ${describe()}`);
        i += 1;
        return;
      }
    }
    if (char === "[") {
      i += 1;
      skipSpace();
      if (text[i] === "]") {
        i += 1;
        return;
      }
      for (;;) {
        value(depth + 1);
        skipSpace();
        if (text[i] === ",") {
          i += 1;
          skipSpace();
          if (text[i] === "]") fail('trailing comma before "]"');
          continue;
        }
        if (text[i] !== "]") fail(`expected "," or "]" but found ${describe()}`);
        i += 1;
        return;
      }
    }
    if (char === '"') {
      string();
      return;
    }
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) {
      number();
      return;
    }
    fail(`unexpected ${describe()}`);
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value(0);
    skipSpace();
    if (i < text.length) fail(`unexpected ${describe()} after the end of the document`);
    return undefined;
  } catch (error) {
    return error as JsonSyntaxError;
  }
}
