import { UsageError } from '../output.js';

/**
 * Splits a shell line into words the way a POSIX shell would for plain text: spaces separate,
 * single quotes keep everything, double quotes keep everything but `\"` and `\\`, a backslash
 * outside quotes keeps the next character. `call add '{"a": 1}'` is three words.
 */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let at = 0; at < line.length; at++) {
    const char = line[at]!;
    if (char === ' ' || char === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (char === "'") {
      const end = line.indexOf("'", at + 1);
      if (end === -1) throw new UsageError('a single quote is not closed');
      word += line.slice(at + 1, end);
      at = end;
    } else if (char === '"') {
      at++;
      while (at < line.length && line[at] !== '"') {
        if (line[at] === '\\' && (line[at + 1] === '"' || line[at + 1] === '\\')) at++;
        word += line[at];
        at++;
      }
      if (at >= line.length) throw new UsageError('a double quote is not closed');
    } else if (char === '\\' && at + 1 < line.length) {
      word += line[++at];
    } else {
      word += char;
    }
  }
  if (inWord) words.push(word);
  return words;
}
