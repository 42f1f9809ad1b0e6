import { visible } from '../visible.js';

/** What the shell knows about the server, to complete names with. */
export interface Catalog {
  /** Tool name → its argument names. */
  tools: Map<string, string[]>;
  /** Prompt name → its argument names. */
  prompts: Map<string, string[]>;
  resources: string[];
}

/** The shell's commands, in the order `help` lists them. */
export const SHELL_COMMANDS = [
  'info',
  'tools',
  'call',
  'resources',
  'read',
  'prompts',
  'get',
  'complete',
  'listen',
  'help',
  'exit',
] as const;

const LISTEN_TOPICS = ['tools', 'prompts', 'resources', 'off'];

/** `key=` for each argument not given yet among `given` words. */
function argumentNames(names: readonly string[], given: readonly string[]): string[] {
  const used = new Set(given.map((word) => word.slice(0, word.indexOf('='))));
  return names.filter((name) => !used.has(name)).map((name) => `${name}=`);
}

/** The candidates for the word at `index` of a line whose earlier words are `words`. */
function candidates(words: readonly string[], index: number, catalog: Catalog): string[] {
  if (index === 0) return [...SHELL_COMMANDS];
  const [command, first] = words;
  switch (command) {
    case 'call':
      return index === 1
        ? [...catalog.tools.keys()]
        : argumentNames(catalog.tools.get(first!) ?? [], words.slice(2));
    case 'get':
      return index === 1
        ? [...catalog.prompts.keys()]
        : argumentNames(catalog.prompts.get(first!) ?? [], words.slice(2));
    case 'read':
      return index === 1 ? catalog.resources : [];
    case 'complete':
      return index === 1
        ? [...catalog.prompts.keys()]
        : index === 2
          ? (catalog.prompts.get(first!) ?? [])
          : [];
    case 'listen':
      return index === 1 ? LISTEN_TOPICS : [];
    case 'tools':
      return index === 1 ? ['--long'] : [];
    case 'help':
      return index === 1 ? [...SHELL_COMMANDS] : [];
    default:
      return [];
  }
}

/**
 * Tab completion for a shell line, as node:readline's completer wants it: the candidates that
 * start with the word being typed (each name followed by a space), and that word. Command names first, then tool, prompt and
 * resource names, then `argument=` for the arguments of the tool or prompt not given yet. A name with
 * control characters is not offered: readline would draw it raw, and it cannot be typed anyway.
 */
export function completeLine(line: string, catalog: Catalog): [string[], string] {
  const words = line.split(/\s+/);
  if (words[0] === '') words.shift();
  const typed = words.length === 0 ? '' : words[words.length - 1]!;
  const index = Math.max(0, words.length - 1);
  const matches = candidates(words, index, catalog)
    .filter((candidate) => candidate.startsWith(typed) && visible(candidate) === candidate)
    // A finished word gets its space, so that the next Tab completes the next word.
    .map((candidate) => (candidate.endsWith('=') ? candidate : `${candidate} `));
  return [matches, typed];
}
