/** How many characters of a client's value an error message repeats. */
export const MESSAGE_EXCERPT_LENGTH = 100;

/**
 * `text` cut to `max` characters with `…` after it, for repeating a peer's value in an error
 * message: the message stays one short sentence (P-8) however long the value was. A surrogate
 * pair is never split.
 *
 * @example
 * ```ts
 * throw McpError.invalidParams(`Unknown tool: ${clipForMessage(name)}`);
 * ```
 */
export function clipForMessage(text: string, max = MESSAGE_EXCERPT_LENGTH): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}
