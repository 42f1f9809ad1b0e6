import type { McpClient, ServerDescription } from '@mcpkit/client';
import { callTool } from '../commands/call.js';
import { showCompletion } from '../commands/complete.js';
import { showPrompt } from '../commands/get.js';
import { infoJson, infoText } from '../commands/info.js';
import { showPrompts } from '../commands/prompts.js';
import { showResource } from '../commands/read.js';
import { showResources } from '../commands/resources.js';
import { showTools } from '../commands/tools.js';
import { type Output, UsageError } from '../output.js';
import { serverTopics, type WatchTopic } from './notifications.js';

const HELP = `Commands (Tab completes names and arguments, ↑/↓ browse the history):
  info                              the server's versions, capabilities and instructions
  tools [--long]                    the tools, with their arguments under --long
  call <tool> [json] [key=value…]   call a tool
  resources                         the resources and templates
  read <uri>                        read a resource
  prompts                           the prompts
  get <prompt> [json] [key=value…]  get a prompt
  complete <ref> <argument> [value] suggestions for an argument
  listen [tools|prompts|resources|off…]  which change notifications to show (default: what the server has)
  exit                              leave (or Ctrl-D)`;

/** What a shell line runs against. */
export interface ShellSession {
  client: McpClient;
  server: ServerDescription;
  output: Output;
  /** Shows the notifications of these topics from now on. */
  watch(topics: ReadonlySet<WatchTopic>): void;
}

/** `[json] key=value…` after a tool or prompt name: a JSON object first, if any, then pairs. */
function jsonAndPairs(words: readonly string[]): { json: string | undefined; pairs: string[] } {
  const [first, ...rest] = words;
  return first?.startsWith('{') ? { json: first, pairs: rest } : { json: undefined, pairs: [...words] };
}

function need(word: string | undefined, what: string): string {
  if (word === undefined || word === '') throw new UsageError(`${what} is missing; type help`);
  return word;
}

function watchTopics(words: readonly string[], server: ServerDescription): Set<WatchTopic> {
  if (words.length === 0) return serverTopics(server);
  const topics = new Set<WatchTopic>();
  for (const word of words) {
    if (word === 'off') return new Set();
    if (word !== 'tools' && word !== 'prompts' && word !== 'resources') {
      throw new UsageError(`listen takes tools, prompts, resources or off, not ${word}`);
    }
    topics.add(word);
  }
  return topics;
}

/** Runs one shell command; resolves `false` when the shell should end. */
export async function runShellLine(words: readonly string[], session: ShellSession): Promise<boolean> {
  const { client, output } = session;
  const [command, ...rest] = words;
  switch (command) {
    case undefined:
      return true;
    case 'exit':
    case 'quit':
      return false;
    case 'help':
      output.result(HELP, (text) => text);
      return true;
    case 'info':
      output.result(infoJson(session.server), infoText);
      return true;
    case 'tools':
      await showTools(client, output, rest.includes('--long') || rest.includes('-l'));
      return true;
    case 'call': {
      const name = need(rest[0], 'the tool name');
      await callTool(client, output, { name, ...jsonAndPairs(rest.slice(1)) });
      return true;
    }
    case 'resources':
      await showResources(client, output);
      return true;
    case 'read':
      await showResource(client, output, need(rest[0], 'the resource URI'));
      return true;
    case 'prompts':
      await showPrompts(client, output);
      return true;
    case 'get': {
      const name = need(rest[0], 'the prompt name');
      await showPrompt(client, output, { name, ...jsonAndPairs(rest.slice(1)) });
      return true;
    }
    case 'complete':
      await showCompletion(client, output, {
        ref: need(rest[0], 'the prompt name or template URI'),
        argument: need(rest[1], 'the argument name'),
        value: rest[2] ?? '',
        context: rest.slice(3),
      });
      return true;
    case 'listen':
      session.watch(watchTopics(rest, session.server));
      return true;
    default:
      throw new UsageError(`no command ${command}; type help`);
  }
}
