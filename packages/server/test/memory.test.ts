import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../src/index.js';
import { call } from './helpers.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const CALLS = 64;

describe('McpServer: memory', () => {
  it('keeps nothing of a finished tools/call: its arguments and handler context can be collected', async () => {
    const handed: WeakRef<object>[] = [];
    const server = new McpServer({ name: 'memory', version: '1.0.0' }, { onError: () => {} });
    server.tool('echo', { inputSchema: z.object({ text: z.string() }) }, async (args, ctx) => {
      handed.push(new WeakRef(args), new WeakRef(ctx));
      return { content: [{ type: 'text', text: args.text }] };
    });
    server.tool('fails', { inputSchema: { type: 'object' } }, (args, ctx) => {
      handed.push(new WeakRef(args), new WeakRef(ctx));
      throw new Error('no');
    });
    const outcomes = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        call(server, 'tools/call', { name: i % 2 === 0 ? 'echo' : 'fails', arguments: { text: `${i}` } }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.result?.isError === true)).toHaveLength(CALLS / 2);
    expect(handed).toHaveLength(2 * CALLS);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(handed.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });
});
