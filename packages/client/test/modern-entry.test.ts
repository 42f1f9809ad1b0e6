import { fileURLToPath } from 'node:url';
import type { ClientTransport, JSONRPCRequest } from '@mcpkit/protocol';
import { createInMemoryTransport, McpError } from '@mcpkit/protocol';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as entry from '../src/index.js';
import * as modern from '../src/modern.js';
import { firstChunkPaths } from './helpers/first-chunk.js';
import { discoverResult, mockServer } from './helpers/mock-server.js';

/** A transport with the 2025-era wire to a server that refuses `server/discover` (a 2025-era one). */
function olderServer() {
  const sent: string[] = [];
  const transport: ClientTransport = {
    async *exchange(request: JSONRPCRequest) {
      sent.push(request.method);
      const error = McpError.methodNotFound(request.method).toJSON();
      yield { jsonrpc: '2.0', id: request.id, error };
    },
    close: async () => {},
    legacy: {
      onServerRequest: () => () => {},
      beginSession: () => {},
      endSession: async () => {},
      serverMessages: async function* () {},
    },
  };
  return { transport, sent };
}

describe('@mcpkit/client/modern', () => {
  it('has the API of @mcpkit/client; only McpClient differs', () => {
    expect(Object.keys(modern).sort()).toEqual(Object.keys(entry).sort());
    const values = (module: object) => new Map(Object.entries(module));
    const ours = values(modern);
    for (const [name, value] of values(entry))
      if (name !== 'McpClient') expect(ours.get(name), name).toBe(value);
    expect(modern.McpClient).not.toBe(entry.McpClient);
  });

  it('calls a 2026-07-28 server as McpClient does', async () => {
    const server = mockServer({
      'server/discover': () => discoverResult({ tools: {} }),
      'tools/list': () => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }),
      'tools/call': () => ({ content: [{ type: 'text', text: 'hello' }] }),
    });
    const client = new modern.McpClient(createInMemoryTransport(server));
    expect(await client.callTool('echo', { text: 'hello' })).toMatchObject({
      content: [{ type: 'text', text: 'hello' }],
    });
    expect(client.server?.era).toBe('modern');
  });

  it('T-23: never falls back: an older server is a LegacyServerError, where McpClient sends initialize', async () => {
    const older = olderServer();
    const failure = await new modern.McpClient(older.transport).connect().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(modern.LegacyServerError);
    expect(older.sent).toEqual(['server/discover']);
    const forced = await new modern.McpClient(older.transport, { era: 'legacy' })
      .connect()
      .catch((e: unknown) => e);
    expect(forced).toBeInstanceOf(modern.McpClientError);
    expect((forced as Error).message).toMatch(/era 'legacy' needs the client of @mcpkit\/client/);
    const full = olderServer();
    await new entry.McpClient(full.transport, { probeTimeoutMs: 1000 }).connect().catch(() => {});
    expect(full.sent).toEqual(['server/discover', 'initialize']);
  });

  it('leaves the 2025-era support out of a bundle', async () => {
    const bundle = async (file: string) => {
      const result = await build({
        entryPoints: [fileURLToPath(new URL(`../src/${file}`, import.meta.url))],
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
        metafile: true,
      });
      const output = Object.values(result.metafile.outputs)[0]!;
      return Object.entries(output.inputs)
        .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && /(^|\/)src\/legacy\//.test(input))
        .map(([input]) => input);
    };
    expect(await bundle('modern.ts')).toEqual([]);
    expect((await bundle('index.ts')).length).toBeGreaterThan(0);
  });

  it('@mcpkit/client loads the 2025 era with import(): a split bundle has none of it in its first chunk', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
      bundle: true,
      splitting: true,
      outdir: 'split',
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    const { outputs } = result.metafile;
    const legacyIn = (chunk: string) =>
      Object.entries(outputs[chunk]!.inputs).some(
        ([input, { bytesInOutput }]) => bytesInOutput > 0 && /(^|\/)src\/legacy\//.test(input),
      );
    expect(firstChunkPaths(outputs, 'src/index.ts').filter(legacyIn)).toEqual([]);
    expect(Object.keys(outputs).filter(legacyIn).length).toBeGreaterThan(0);
  });

  it('leaves the tasks code out of a bundle that does not call followTasks', async () => {
    const taskModules = async (code: string) => {
      const result = await build({
        stdin: {
          contents: code,
          resolveDir: fileURLToPath(new URL('../src/', import.meta.url)),
          loader: 'ts',
        },
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
        metafile: true,
      });
      const output = Object.values(result.metafile.outputs)[0]!;
      return Object.entries(output.inputs)
        .filter(
          ([input, { bytesInOutput }]) => bytesInOutput > 0 && /src\/task-(follower|watch)\.ts$/.test(input),
        )
        .map(([input]) => input.replace(/^.*src\//, ''));
    };
    const client = (options: string) =>
      `import { followTasks, McpClient } from './modern.js'; console.log(new McpClient({} as never, ${options}));`;
    expect(await taskModules(client('{}'))).toEqual([]);
    expect((await taskModules(client('{ tasks: followTasks() }'))).sort()).toEqual([
      'task-follower.ts',
      'task-watch.ts',
    ]);
  });
});
