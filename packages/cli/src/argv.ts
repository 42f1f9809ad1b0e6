/** The command line, split into what the argument parser reads and the stdio server's command. */
export interface SplitArgv {
  /**
   * Everything before the first `--`: options given before a server command's name moved after it,
   * and a server URL as the command's first operand made `--url`.
   */
  args: string[];
  /** Everything after the first `--`: the command that runs a stdio server, if any. */
  serverCommand: string[];
  /**
   * Set when the line names no server but has more operands than the command takes, as in
   * `mcpkit tools node server.js`: the line as probably meant, the extra words after `--`.
   */
  didYouMean?: string[];
}

/** What the splitter needs to know about a command that talks to a server. */
export interface ServerCommandShape {
  /** Its options that take a value, every spelling (`-H`, `--header`). */
  valueOptions: ReadonlySet<string>;
  /** How many operands it requires, and how many it takes at most (`Infinity` with a variadic one). */
  operands: { required: number; max: number };
}

const HTTP_URL = /^https?:\/\//i;
/** Options of the program itself, which stay before the command name. */
const PROGRAM_OPTIONS = new Set(['-h', '--help', '-V', '--version']);
/** An optional operand such as `call`'s `[json]`: a JSON object or array, never a program. */
const JSON_TEXT = /^\s*[{[]/;

/**
 * Splits `argv` (without node and the script) at the first `--`. A server is named either by an
 * http(s) URL as the command's first operand (`mcpkit tools http://localhost:3000/mcp`) or by a
 * command after `--` (`mcpkit tools -- node server.js`). The URL becomes `--url <url>`, so each
 * command declares only its own arguments. Options may come anywhere before `--`, before the
 * command name too (`mcpkit --json tools …`). Only the commands in `serverCommands` get this
 * treatment.
 */
export function splitArgv(
  argv: readonly string[],
  serverCommands: ReadonlyMap<string, ServerCommandShape>,
): SplitArgv {
  const separator = argv.indexOf('--');
  const words = separator === -1 ? [...argv] : argv.slice(0, separator);
  const serverCommand = separator === -1 ? [] : argv.slice(separator + 1);
  const anyValueOption = new Set([...serverCommands.values()].flatMap((shape) => [...shape.valueOptions]));
  const commandAt = operandPositions(words, 0, anyValueOption)[0];
  const shape = commandAt === undefined ? undefined : serverCommands.get(words[commandAt]!);
  if (shape === undefined) return { args: words, serverCommand };

  const before = words.slice(0, commandAt);
  const programOptions = before.filter((word) => PROGRAM_OPTIONS.has(word));
  const args = [
    ...programOptions,
    words[commandAt!]!,
    ...before.filter((word) => !PROGRAM_OPTIONS.has(word)),
    ...words.slice(commandAt! + 1),
  ];
  const operands = operandPositions(args, programOptions.length + 1, shape.valueOptions);
  const first = operands[0];
  if (first !== undefined && HTTP_URL.test(args[first]!)) {
    args.splice(first, 1, '--url', args[first]!);
    return { args, serverCommand };
  }
  const namesServer =
    serverCommand.length > 0 || args.some((arg) => arg === '--url' || arg.startsWith('--url='));
  if (namesServer || operands.length <= shape.operands.max) return { args, serverCommand };
  // The server's command starts after the required operands and any optional JSON one, and runs to
  // the end of the line, as it would after `--`.
  let start = shape.operands.required;
  while (start < shape.operands.max && JSON_TEXT.test(args[operands[start]!]!)) start++;
  const at = operands[start]!;
  return { args, serverCommand, didYouMean: [...args.slice(0, at), '--', ...args.slice(at)] };
}

/** The positions of the words from `from` on that are not options or an option's value. */
function operandPositions(
  words: readonly string[],
  from: number,
  valueOptions: ReadonlySet<string>,
): number[] {
  const positions: number[] = [];
  for (let at = from; at < words.length; at++) {
    const word = words[at]!;
    if (!word.startsWith('-') || word === '-') positions.push(at);
    else if (valueOptions.has(word)) at++; // its value is the next word
  }
  return positions;
}

/** `words` as one line a POSIX shell reads back as the same words. */
export function shellLine(words: readonly string[]): string {
  return words
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}
