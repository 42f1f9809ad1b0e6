import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  elicitation,
  InMemoryTaskStore,
  McpServer,
  roots,
  type ServerErrorInfo,
  type TaskContext,
  type ToolResult,
} from '../src/index.js';
import { call, meta } from './helpers.js';
import { callWithTasks, isTerminal, pollUntil, taskRequest } from './task-fixtures.js';

// A handler that asks a question without `await` finishes before the question is answered, so the
// round cannot go back to the client. The call gets an error naming the mistake, `onError` hears
// it with where the question was asked, and nothing rejects unhandled: the process stays up.

const form = { type: 'object', properties: { name: { type: 'string' } } } as const;
const asks = meta({}, { elicitation: {}, sampling: {}, roots: {} });

function reportingServer() {
  const reports: { error: unknown; info: ServerErrorInfo }[] = [];
  const server = new McpServer(
    { name: 'mistakes', version: '1.0.0' },
    { onError: (error, info) => reports.push({ error, info }) },
  );
  return { server, reports };
}

function textOf(result: Record<string, unknown> | undefined): string {
  return (result?.content as { text: string }[] | undefined)?.[0]?.text ?? '';
}

describe('a question the handler did not await', () => {
  it('ctx.elicit: an isError result naming the tool and the method, reported once with where it was asked', async () => {
    const { server, reports } = reportingServer();
    server.tool('forgot', {}, async (_, ctx) => {
      ctx.elicit('name', { message: 'Name?', requestedSchema: form });
      return { content: [{ type: 'text', text: 'done' }] };
    });
    const { result } = await call(server, 'tools/call', { name: 'forgot', _meta: asks });
    expect(result?.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^Tool "forgot" returned while its question "name" was unanswered: ctx\.elicit was not awaited/,
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]?.info).toMatchObject({ level: 'error', method: 'tools/call', tool: 'forgot' });
    expect((reports[0]!.error as Error).name).toBe('UnawaitedQuestionError');
    expect((reports[0]!.error as Error).stack).toContain('unawaited.test.ts');
  });

  it('ctx.sample, ctx.listRoots and ctx.ask are named too', async () => {
    const { server } = reportingServer();
    const sample = {
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'hi' } }],
      maxTokens: 5,
    };
    server.tool('sample', {}, async (_, ctx) => {
      void ctx.sample('s', sample);
      return { content: [] };
    });
    server.tool('roots', {}, async (_, ctx) => {
      void ctx.listRoots('r');
      return { content: [] };
    });
    server.tool('ask', {}, async (_, ctx) => {
      void ctx.ask({ dirs: roots(), who: elicitation({ message: 'Who?', requestedSchema: form }) });
      return { content: [] };
    });
    for (const [name, via] of [
      ['sample', 'ctx.sample'],
      ['roots', 'ctx.listRoots'],
      ['ask', 'ctx.ask'],
    ]) {
      const { result } = await call(server, 'tools/call', { name, _meta: asks });
      expect(result?.isError, name).toBe(true);
      expect(textOf(result)).toContain(`${via} was not awaited`);
    }
  });

  it('an awaited question whose rejection the handler caught still ends the round with input_required', async () => {
    const { server, reports } = reportingServer();
    server.tool('catches', {}, async (_, ctx) => {
      try {
        await ctx.elicit('name', { message: 'Name?', requestedSchema: form });
      } catch {
        return { content: [{ type: 'text', text: 'caught' }] };
      }
      return { content: [] };
    });
    const { result } = await call(server, 'tools/call', { name: 'catches', _meta: asks });
    expect(result?.resultType).toBe('input_required');
    expect(reports).toEqual([]);
  });

  it('a prompt that did not await its question is -32603 with the message, reported once', async () => {
    const { server, reports } = reportingServer();
    server.prompt('p', {}, async (_, ctx) => {
      ctx.elicit('name', { message: 'Name?', requestedSchema: form });
      return { messages: [] };
    });
    const { error } = await call(server, 'prompts/get', { name: 'p', _meta: asks });
    expect(error?.code).toBe(-32603);
    expect(error?.message).toMatch(/^Prompt "p" returned while its question "name" was unanswered/);
    expect(reports).toHaveLength(1);
    expect(((reports[0]!.error as Error).cause as Error).name).toBe('UnawaitedQuestionError');
  });

  it('a question refused for a missing capability, never awaited, is the -32021 it would be awaited', async () => {
    const { server } = reportingServer();
    server.tool('forgot', { inputSchema: z.object({}) }, async (_, ctx) => {
      ctx.elicit('name', { message: 'Name?', requestedSchema: form });
      return { content: [] };
    });
    const { error } = await call(server, 'tools/call', { name: 'forgot' });
    expect(error?.code).toBe(-32021);
  });
});

describe('a task whose work did not await its question', () => {
  function taskServerWith(work: (task: TaskContext) => Promise<ToolResult>) {
    const reports: { error: unknown; info: ServerErrorInfo }[] = [];
    const server = new McpServer(
      { name: 'tasks', version: '1.0.0' },
      { tasks: { pollIntervalMs: 5 }, onError: (error, info) => reports.push({ error, info }) },
    );
    server.tool('work', { taskSupport: 'optional' }, (_, ctx) => ctx.runAsTask(work));
    return { server, reports };
  }

  it('completes with an isError result naming task.elicit, reported', async () => {
    const { server, reports } = taskServerWith(async (task) => {
      task.elicit('name', { message: 'Name?', requestedSchema: form });
      return { content: [{ type: 'text', text: 'done' }] };
    });
    const { result } = await callWithTasks(server, 'work');
    const done = await pollUntil(server, result?.taskId as string, isTerminal);
    expect(done).toMatchObject({ status: 'completed', result: { isError: true } });
    expect(textOf(done.result as Record<string, unknown>)).toContain('task.elicit was not awaited');
    expect(reports.map(({ info }) => info)).toEqual([{ level: 'error', method: 'tools/call', tool: 'work' }]);
  });

  it('a cancelled task whose question nobody awaited rejects nothing unhandled, and reports nothing', async () => {
    let release!: () => void;
    const { server, reports } = taskServerWith(async (task) => {
      task.elicit('name', { message: 'Name?', requestedSchema: form });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { content: [] };
    });
    const { result } = await callWithTasks(server, 'work');
    const taskId = result?.taskId as string;
    await pollUntil(server, taskId, (task) => task.status === 'input_required');
    await taskRequest(server, 'tasks/cancel', { taskId });
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await pollUntil(server, taskId, isTerminal)).status).toBe('cancelled');
    expect(reports).toEqual([]);
  });
});

describe('a server process whose tool forgot await', () => {
  it('stays up: the call gets the isError result, stderr the report, and the next call works', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/mistakes/forgotten-await.mjs', import.meta.url));
    const child = spawn(process.execPath, [fixture], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
    };
    const send = async (id: number, name: string) => {
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, _meta } })}\n`,
      );
      const next = await lines.next();
      return JSON.parse(String(next.value)) as { result?: Record<string, unknown> };
    };
    const first = await send(1, 'forgot');
    expect(first.result?.isError).toBe(true);
    expect(textOf(first.result)).toContain('ctx.elicit was not awaited');
    // An unhandled rejection would end the process a few ticks after the answer: wait for them.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await send(2, 'echo');
    expect(textOf(second.result)).toBe('still here');
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).toContain('[@mcpkit/server] tool "forgot" (request 1) failed: UnawaitedQuestionError');
    expect(stderr).toContain('forgotten-await.mjs');
  });
});

describe('ctx.runAsTask whose promise the handler did not return', () => {
  it('rejects nothing unhandled, whether the work runs inline or the task store refuses it', async () => {
    const store = new InMemoryTaskStore();
    store.create = () => Promise.reject(new Error('the store is down'));
    const server = new McpServer(
      { name: 'tasks', version: '1.0.0' },
      { tasks: { store }, onError: () => {} },
    );
    server.tool('forgets', { taskSupport: 'optional' }, (_, ctx) => {
      void ctx.runAsTask(async () => {
        throw new Error('the work failed');
      });
      return { content: [{ type: 'text', text: 'answered' }] };
    });
    const inline = await call(server, 'tools/call', { name: 'forgets' });
    expect(textOf(inline.result)).toBe('answered');
    const launched = await callWithTasks(server, 'forgets');
    expect(textOf(launched.result)).toBe('answered');
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
