import { clipForMessage } from '@mcpkit/protocol/internal';

/** What each registration method registers, and how a correct call reads. */
const USAGE = {
  tool: {
    key: "the tool's name (a string)",
    config: "the tool's config (an object) or its input schema",
    fn: 'the handler (a function)',
    example:
      "server.tool('add', { description: 'Adds', inputSchema: { a: z.number() } }, (args, ctx) => result)",
  },
  resource: {
    key: "the resource's URI (a string)",
    config: "the resource's config (an object with a name)",
    fn: 'the reader (a function)',
    example: "server.resource('file:///notes.txt', { name: 'notes' }, async (uri) => ({ contents: [...] }))",
  },
  resourceTemplate: {
    key: 'the URI template (a string)',
    config: "the template's config (an object with a name)",
    fn: 'the reader (a function)',
    example:
      "server.resourceTemplate('notes://{id}', { name: 'note' }, async (uri, { id }) => ({ contents: [...] }))",
  },
  prompt: {
    key: "the prompt's name (a string)",
    config: "the prompt's config (an object)",
    fn: 'the handler (a function)',
    example: "server.prompt('review', { description: 'Reviews code' }, (args) => ({ messages: [...] }))",
  },
} as const;

function shown(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(clipForMessage(value));
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

/**
 * Throws a `TypeError` naming the argument of `server.<method>(key, config, fn)` that is missing or
 * of the wrong kind, and showing a correct call; a JavaScript caller (or a cast) gets past the types.
 */
export function checkRegistration(
  method: keyof typeof USAGE,
  key: unknown,
  config: unknown,
  fn: unknown,
): void {
  const usage = USAGE[method];
  const problem =
    typeof key !== 'string' || key === ''
      ? `the first argument must be ${usage.key}, got ${shown(key)}`
      : typeof config !== 'object' || config === null || Array.isArray(config)
        ? `the second argument must be ${usage.config}, got ${shown(config)}`
        : typeof fn !== 'function'
          ? `the third argument must be ${usage.fn}, got ${shown(fn)}`
          : undefined;
  if (problem === undefined) return;
  const where =
    typeof key === 'string' && key !== ''
      ? `server.${method}(${JSON.stringify(clipForMessage(key))})`
      : `server.${method}()`;
  throw new TypeError(`${where}: ${problem}. Call it as ${usage.example}`);
}
