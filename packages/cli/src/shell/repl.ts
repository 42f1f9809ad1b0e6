import { once } from 'node:events';
import { createInterface, type Interface } from 'node:readline';
import type { ListenNotification, McpClient, ServerDescription } from '@mcpkit/client';
import type { Output } from '../output.js';
import { visible } from '../visible.js';
import { type Catalog, completeLine } from './completion.js';
import { runShellLine } from './dispatch.js';
import { HISTORY_SIZE, loadHistory, saveHistory } from './history.js';
import { NotificationWatch, serverTopics, type WatchTopic } from './notifications.js';
import { splitWords } from './words.js';

/** What the shell runs on. */
export interface ShellSetup {
  client: McpClient;
  server: ServerDescription;
  output: Output;
  input: NodeJS.ReadableStream;
  /** The terminal the prompt is drawn on. */
  terminal: NodeJS.WritableStream;
  /** Where the history is kept between sessions; none: this session only. */
  historyFile?: string;
}

function argumentNamesOf(schema: unknown): string[] {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties !== null && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** Fills in (again) what completion offers: tool, prompt and resource names the server has. */
async function refresh(client: McpClient, server: ServerDescription, catalog: Catalog, what: WatchTopic[]) {
  const { capabilities } = server;
  const jobs: Promise<void>[] = [];
  if (what.includes('tools') && capabilities.tools) {
    jobs.push(
      (async () => {
        const tools = new Map<string, string[]>();
        for await (const tool of client.iterateTools())
          tools.set(tool.name, argumentNamesOf(tool.inputSchema));
        catalog.tools = tools;
      })(),
    );
  }
  if (what.includes('prompts') && capabilities.prompts) {
    jobs.push(
      (async () => {
        const prompts = new Map<string, string[]>();
        for await (const prompt of client.iteratePrompts()) {
          prompts.set(
            prompt.name,
            (prompt.arguments ?? []).map((arg) => arg.name),
          );
        }
        catalog.prompts = prompts;
      })(),
    );
  }
  if (what.includes('resources') && capabilities.resources) {
    jobs.push(
      (async () => {
        const resources: string[] = [];
        for await (const resource of client.iterateResources()) resources.push(resource.uri);
        catalog.resources = resources;
      })(),
    );
  }
  // Completion is a convenience: a listing that fails leaves the names as they were.
  await Promise.allSettled(jobs);
}

const TOPIC_OF: Record<ListenNotification['method'], WatchTopic | undefined> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/prompts/list_changed': 'prompts',
  'notifications/resources/list_changed': 'resources',
  'notifications/resources/updated': undefined,
};

/**
 * The interactive shell: one connection, a prompt with Tab completion of commands, tool, prompt
 * and resource names and argument names, a history kept between sessions, and the server's change
 * notifications shown as they arrive, above the line being typed. Each command runs with the
 * prompt closed, so the questions a server asks meanwhile get the terminal to themselves.
 */
export async function runShell(setup: ShellSetup): Promise<void> {
  const { client, server, output, input, terminal } = setup;
  const catalog: Catalog = { tools: new Map(), prompts: new Map(), resources: [] };
  let history = setup.historyFile ? await loadHistory(setup.historyFile) : [];
  let prompt: Interface | undefined;

  const show = (text: string) => {
    if (!prompt) {
      terminal.write(`${visible(text)}\n`);
      return;
    }
    terminal.write(`\r\x1b[2K${visible(text)}\n`);
    prompt.prompt(true);
  };
  const watch = new NotificationWatch(client, show, (notification) => {
    const topic = TOPIC_OF[notification.method];
    if (topic) void refresh(client, server, catalog, [topic]);
  });
  const session = { client, server, output, watch: (topics: ReadonlySet<WatchTopic>) => watch.watch(topics) };

  await refresh(client, server, catalog, ['tools', 'prompts', 'resources']);
  const name = server.serverInfo ? `${server.serverInfo.name} ${server.serverInfo.version}` : 'the server';
  terminal.write(visible(`Connected to ${name} (${server.protocolVersion}). Type help, or exit to leave.\n`));
  // Only what the server has: watching prompts on a server without them would warn about nothing.
  if (server.era === 'modern') session.watch(serverTopics(server));

  try {
    for (;;) {
      prompt = createInterface({
        input,
        output: terminal,
        completer: (line: string) => completeLine(line, catalog),
        history,
        historySize: HISTORY_SIZE,
        removeHistoryDuplicates: true,
        terminal: true,
      });
      prompt.on('SIGINT', () => {
        // Like a shell: Ctrl-C drops the line being typed, and only exit or Ctrl-D leave.
        terminal.write('^C\n');
        prompt?.write(null, { ctrl: true, name: 'u' });
        prompt?.prompt();
      });
      prompt.setPrompt('mcpkit> ');
      prompt.prompt();
      const [line] = (await Promise.race([once(prompt, 'line'), once(prompt, 'close')])) as [
        string | undefined,
      ];
      history = [...(prompt as Interface & { history: string[] }).history];
      const closed = line === undefined;
      prompt.close();
      prompt = undefined;
      if (closed) break;
      try {
        if (!(await runShellLine(splitWords(line), session))) break;
      } catch (error) {
        output.fail(error);
      }
    }
  } finally {
    watch.stop();
    if (setup.historyFile) await saveHistory(setup.historyFile, history).catch(() => {});
  }
}
