/**
 * Text fit for a terminal. Whatever unitc prints may hold text a downstream, a spec or a unit file
 * wrote; a terminal obeys control characters in it: ESC starts sequences that write the clipboard
 * (OSC 52), hide text (`ESC[8m`), move the cursor or retitle the window, a carriage return
 * overwrites the line, and C1 characters (U+0080–U+009F, such as the one-character CSI U+009B) do
 * the same in some terminals. Invisible characters (bidi overrides, zero-width characters, tag
 * characters) make text read differently from what it is. All of them are shown escaped instead.
 */
import { INVISIBLE } from "./shown-text.js";

/**
 * What a terminal must not receive raw: C0 controls but tab and line feed, DEL, the C1 controls, and
 * the invisible characters the served catalogue removes.
 */
const UNSAFE = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]|${INVISIBLE.source}`, "gu");

/**
 * `text` with every character a terminal would act on, or draw as nothing, written as its visible
 * `\uXXXX` escape (one per UTF-16 unit). That is JSON's own escape, so JSON output stays valid and
 * means the same; JSON.stringify already writes C0 controls that way, so only DEL, C1 and invisible
 * characters change it at all.
 */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, (found) => {
    let escaped = "";
    for (let i = 0; i < found.length; i++)
      escaped += `\\u${found.charCodeAt(i).toString(16).padStart(4, "0")}`;
    return escaped;
  });
}
