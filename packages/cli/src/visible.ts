// The characters a terminal acts on instead of showing, in text that came from a peer:
// - C0 controls (ESC starts CSI/OSC sequences: OSC 52 writes the clipboard, OSC 8 makes links, CSI
//   erases lines; BEL ends OSC; BS and VT move the cursor), except tab and line feed, which are
//   layout a result legitimately has, and a carriage return right before a line feed (CRLF text);
// - a lone carriage return, which returns to the start of the line so the next text overwrites it;
// - DEL, and the C1 controls U+0080 to U+009F (U+009B is CSI and U+009D OSC on terminals that take
//   8-bit controls);
// - the bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069),
//   which reorder what is shown so that text reads as something else ("Trojan Source").
// Zero-width joiners and other format characters are kept: emoji and many scripts need them.
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

/** What JSON.stringify leaves raw that a terminal may act on: DEL, C1, bidi controls, U+2028/U+2029. */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
}

/**
 * `text` with every character a terminal would act on instead of show written as a visible escape:
 * ESC as `\x1b`, a lone CR as `\x0d`, U+009B as `\x9b`, U+202E as `\u202e`. Tab, line feed and CRLF
 * stay. All human output of the CLI passes through it, whether or not it goes to a terminal: text
 * from a server (tool names, results, errors, log messages, questions) must never steer the terminal.
 *
 * @example
 * ```ts
 * visible('hi\x1b]52;c;Y3VybA==\x07'); // 'hi\\x1b]52;c;Y3VybA==\\x07'
 * ```
 */
export function visible(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, escapeChar) : text;
}

/**
 * `value` as one line of JSON that is safe on a terminal and parses to the same value:
 * JSON.stringify escapes C0 controls already; DEL, C1, bidi controls and the line separators it
 * leaves raw are written as `\u` escapes, which only appear inside strings, so the value is exact.
 */
export function terminalJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(JSON_UNSAFE, (char) => `\\u${hex(char.charCodeAt(0), 4)}`);
}
