import type { CallToolResult, McpClient } from '@mcpkit/client';
import { someOf, type Transcript } from './transcript.js';

/** A step found the server doing something other than what the demo expects. */
export class DemoError extends Error {
  override name = 'DemoError';
}

function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new DemoError(message);
}

function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** Resolves with `promise`, or rejects with `message` after `ms`. */
function within<T>(ms: number, promise: Promise<T>, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DemoError(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `server/discover`: who the server is, the chosen version, what it offers. */
export async function discover(client: McpClient, t: Transcript): Promise<void> {
  const server = await client.connect();
  expectThat(server !== undefined, 'server/discover returned nothing');
  const info = server.serverInfo;
  t.step(
    'discover',
    `${info ? `${info.name} ${info.version}` : 'an unnamed server'}, protocol ${client.protocolVersion}`,
  );
  t.more(`offers: ${Object.keys(server.capabilities).join(', ')}`);
}

export async function listTools(client: McpClient, t: Transcript): Promise<void> {
  const names: string[] = [];
  for await (const tool of client.iterateTools()) names.push(tool.name);
  expectThat(names.includes('add_numbers'), 'tools/list has no add_numbers tool');
  t.step('tools/list', `${names.length} tools: ${someOf(names)}`);
}

export async function callTool(client: McpClient, t: Transcript): Promise<void> {
  const result = await client.callTool('add_numbers', { a: 2, b: 3 });
  const sum = (result.structuredContent as { sum?: unknown } | undefined)?.sum;
  expectThat(sum === 5, `add_numbers(2, 3) returned ${JSON.stringify(result)}`);
  t.step(
    'tools/call',
    `add_numbers {"a":2,"b":3} -> "${textOf(result)}", structured ${JSON.stringify(result.structuredContent)}`,
  );
}

export async function progress(client: McpClient, t: Transcript): Promise<void> {
  const seen: string[] = [];
  const result = await client.callTool(
    'test_tool_with_progress',
    {},
    {
      onProgress: ({ progress, total }) =>
        seen.push(total ? `${Math.round((progress / total) * 100)}%` : `${progress}`),
    },
  );
  expectThat(seen.length === 3, `expected 3 progress notifications, got ${seen.length}`);
  t.step('progress', `test_tool_with_progress: ${seen.join(' -> ')} -> "${textOf(result)}"`);
}

/** The handler answered the question (see `demoClientOptions`); the tool then finished. */
export async function elicitation(client: McpClient, t: Transcript): Promise<void> {
  const result = await client.callTool('test_input_required_result_elicitation');
  expectThat(textOf(result) === 'Hello, Ada!', `the elicitation tool answered ${JSON.stringify(result)}`);
  t.more(`-> "${textOf(result)}" (the tool ran again with the answer: a multi round-trip request)`);
}

export async function readResource(client: McpClient, t: Transcript): Promise<void> {
  const uri = 'test://static-text';
  const result = await client.readResource(uri);
  const first = result.contents[0];
  expectThat(first !== undefined && 'text' in first, `${uri} has no text`);
  t.step('resource', `${uri} (${first.mimeType}): "${first.text}"`);
  t.more(`cache hint: ${result.ttlMs} ms, ${result.cacheScope}`);
}

/** Opens a listen stream, changes the tool list, and waits for the notification. */
export async function listen(client: McpClient, t: Transcript): Promise<void> {
  const subscription = client.listen({ toolsListChanged: true });
  try {
    const acknowledged = await within(
      5_000,
      subscription.acknowledged,
      'the listen stream was not acknowledged',
    );
    t.step('listen', `subscribed to ${Object.keys(acknowledged).join(', ')} (acknowledged)`);
    const next = subscription[Symbol.asyncIterator]().next();
    await client.callTool('test_trigger_tool_change');
    const event = await within(5_000, next, 'no notification arrived within 5 s of the tool list change');
    expectThat(event.done !== true, 'the listen stream ended');
    t.more(`called test_trigger_tool_change -> ${event.value.method} arrived`);
  } finally {
    subscription.close();
  }
}
