import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVERYTHING_STDIO,
  jsonLines,
  mcpkit,
  type RunningServer,
  startEverythingHttp,
  startMcpkit,
} from './run.js';

let http: RunningServer;
beforeAll(async () => {
  http = await startEverythingHttp();
});
afterAll(() => http?.stop());

/** The two ways to name apps/everything-server: `[command, ...server]` for each transport. */
const over = (transport: 'stdio' | 'http', command: string, ...rest: string[]) =>
  transport === 'stdio'
    ? [command, ...rest, '--json', ...EVERYTHING_STDIO]
    : [command, http.url, ...rest, '--json'];

async function json(args: string[]): Promise<Record<string, unknown>> {
  const run = await mcpkit(args);
  expect(run.code, run.stderr + run.stdout).toBe(0);
  return jsonLines(run)[0] as Record<string, unknown>;
}

describe.each(['stdio', 'http'] as const)('over %s', (transport) => {
  it('tools lists every tool with its input schema', async () => {
    const { tools } = (await json(over(transport, 'tools'))) as {
      tools: { name: string; inputSchema: unknown }[];
    };
    const add = tools.find((tool) => tool.name === 'add_numbers');
    expect(add?.inputSchema).toMatchObject({ properties: { a: { type: 'number' }, b: { type: 'number' } } });
    expect(tools.length).toBeGreaterThan(20);
  });

  it('call takes a JSON object and --arg pairs typed by the schema', async () => {
    const result = await json(over(transport, 'call', 'add_numbers', '{"a":1}', '--arg', 'b=2.5'));
    expect(result.structuredContent).toEqual({ sum: 3.5 });
  });

  it('read returns the resource contents', async () => {
    const read = await json(over(transport, 'read', 'test://static-text'));
    expect(read.contents).toEqual([
      expect.objectContaining({ uri: 'test://static-text', text: expect.any(String) }),
    ]);
  });
});

describe('resources, prompts, get, complete', () => {
  it('resources lists resources and templates', async () => {
    const lists = await json(over('http', 'resources'));
    expect(lists.resources).toContainEqual(expect.objectContaining({ uri: 'test://static-text' }));
    expect(lists.resourceTemplates).toContainEqual(
      expect.objectContaining({ uriTemplate: 'test://template/{id}/data' }),
    );
  });

  it('prompts lists the prompts, get fills one in from JSON and --arg', async () => {
    const { prompts } = (await json(over('http', 'prompts'))) as { prompts: { name: string }[] };
    expect(prompts.map((prompt) => prompt.name)).toContain('test_prompt_with_arguments');
    const prompt = await json(
      over('http', 'get', 'test_prompt_with_arguments', '{"arg1":"x"}', '-a', 'arg2=y'),
    );
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='x', arg2='y'" } },
    ]);
  });

  it('complete suggests values for a prompt argument and a template variable', async () => {
    const prompt = await json(over('http', 'complete', 'test_prompt_with_arguments', 'arg1', 'pa'));
    expect(prompt.completion).toMatchObject({ values: ['paris', 'park', 'party'] });
    const template = await json(over('http', 'complete', 'test://template/{id}/data', 'id', '4'));
    expect(template.completion).toMatchObject({ values: ['42'] });
  });
});

describe('what a person sees', () => {
  it('a call prints its content, binary data as a summary', async () => {
    const call = await mcpkit(['call', http.url, 'add_numbers', '--arg', 'a=2', '--arg', 'b=3']);
    expect(call.stdout).toMatch(/^2 \+ 3 = 5$/m);
    const image = await mcpkit(['call', http.url, 'test_image_content']);
    expect(image.stdout).toMatch(/^\[image image\/png, \d+ bytes; --json shows the data\]$/m);
  });

  it('tools is one line per tool, with the arguments under --long', async () => {
    const tools = await mcpkit(['tools', http.url]);
    expect(tools.stdout).toMatch(/^add_numbers +Adds two numbers/m);
    const long = await mcpkit(['tools', http.url, '--long']);
    expect(long.stdout).toMatch(/^ {4}a: number \(required\), First number$/m);
  });

  it('progress is one plain line per update when stderr is not a terminal', async () => {
    const run = await mcpkit(['call', http.url, 'test_tool_with_progress']);
    expect(run.code).toBe(0);
    expect(run.stderr.split('\n').filter((line) => line.startsWith('progress '))).toEqual([
      'progress 0/100 0% Starting',
      'progress 50/100 50% Halfway',
      'progress 100/100 100% Done',
    ]);
    expect(run.stdout).toMatch(/Progress test completed/);
  });

  it('--log-level shows the server log messages on stderr', async () => {
    const run = await mcpkit(['call', http.url, 'test_tool_with_logging', '--log-level', 'info']);
    expect(run.stderr).toMatch(/^\[info\] Tool execution started$/m);
  });
});

describe('exit codes of the inspection commands', () => {
  it('1 when the tool reports an error, with the result still printed', async () => {
    const run = await mcpkit(over('http', 'call', 'test_error_handling'));
    expect(run.code).toBe(1);
    expect(jsonLines(run)[0]).toMatchObject({ isError: true });
  });

  it('2 for arguments that fail the input schema, saying what the tool takes', async () => {
    const run = await mcpkit(['call', http.url, 'add_numbers', '{"a":1}', '--arg', 'b=two']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the arguments for add_numbers do not match its input schema/);
    expect(run.stderr).toMatch(/#\/b: .*number/);
    expect(run.stderr).toMatch(/^ {2}a: number \(required\), First number$/m);
  });

  it('2 for an unknown tool or prompt, a missing prompt argument or bad JSON', async () => {
    const tool = await mcpkit(['call', http.url, 'add_numbrs']);
    expect(tool.code).toBe(2);
    expect(tool.stderr).toMatch(/no tool named add_numbrs; did you mean add_numbers\?/);
    const prompt = await mcpkit(['get', http.url, 'test_prompt_with_arguments', '--arg', 'arg1=x']);
    expect(prompt.code).toBe(2);
    expect(prompt.stderr).toMatch(/needs arg2; usage: test_prompt_with_arguments <arg1> <arg2>/);
    const badJson = await mcpkit(['call', http.url, 'add_numbers', '{a:1}', '--json']);
    expect(badJson.code).toBe(2);
    expect(jsonLines(badJson)).toEqual([{ error: expect.objectContaining({ type: 'UsageError' }) }]);
  });

  it('3 for an MCP error from the server', async () => {
    const run = await mcpkit(over('http', 'read', 'test://no-such-resource'));
    expect(run.code).toBe(3);
    expect(jsonLines(run)).toEqual([{ error: expect.objectContaining({ code: expect.any(Number) }) }]);
  });
});

describe('mcpkit listen', () => {
  it('prints each change notification as it arrives and exits 0 on SIGINT', async () => {
    const listen = startMcpkit(['listen', http.url, '--tools', '--json']);
    const ready = JSON.parse(await listen.line((line) => line.includes('"listening"')));
    expect(ready).toEqual({ listening: { toolsListChanged: true } });
    const changed = listen.line((line) => line.includes('tools/list_changed'));
    expect((await mcpkit(['call', http.url, 'test_trigger_tool_change'])).code).toBe(0);
    expect(JSON.parse(await changed)).toMatchObject({ method: 'notifications/tools/list_changed' });
    listen.signal('SIGINT');
    expect((await listen.ended).code).toBe(0);
  });
});
