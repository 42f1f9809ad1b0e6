import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JSONRPCRequest } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { nodeBuiltins } from '../src/client/runtime.js';
import { createHttpClientTransport } from '../src/index.js';

const node = { release: { name: 'node' }, versions: { node: '20.19.0' }, getBuiltinModule: () => ({}) };

describe('which engine sends', () => {
  it('Node itself gets node:http; browsers, Deno, Bun and workerd keep their fetch', () => {
    expect(nodeBuiltins({ process: node })).toBeTypeOf('function');
    expect(nodeBuiltins({})).toBeUndefined();
    expect(nodeBuiltins({ process: node, Deno: {} })).toBeUndefined();
    expect(nodeBuiltins({ process: { ...node, versions: { node: '22', deno: '2.1' } } })).toBeUndefined();
    expect(nodeBuiltins({ process: node, Bun: {} })).toBeUndefined();
    expect(nodeBuiltins({ process: { ...node, versions: { node: '22', bun: '1.2' } } })).toBeUndefined();
    expect(nodeBuiltins({ process: node, navigator: { userAgent: 'Cloudflare-Workers' } })).toBeUndefined();
    expect(nodeBuiltins({ process: { release: { name: 'node' } } })).toBeUndefined();
    expect(nodeBuiltins()).toBeTypeOf('function');
  });

  it('engine "node" with a fetch, or an unknown engine, is a TypeError', () => {
    const fetch = async () => new Response();
    expect(() => createHttpClientTransport('http://127.0.0.1:1/mcp', { engine: 'node', fetch })).toThrow(
      TypeError,
    );
    expect(() =>
      createHttpClientTransport('http://127.0.0.1:1/mcp', { engine: 'xhr' as unknown as 'fetch' }),
    ).toThrow(TypeError);
  });

  it('on Node the default is node:http on one kept-alive socket; engine "fetch" and a fetch option use fetch', async () => {
    const seen: { headers: IncomingHttpHeaders; socket: unknown }[] = [];
    const server = createServer((req, res) => {
      seen.push({ headers: req.headers, socket: req.socket });
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const call: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } };
    try {
      const transports = [
        createHttpClientTransport(url),
        createHttpClientTransport(url, { engine: 'fetch' }),
        createHttpClientTransport(url, { fetch: (input, init) => fetch(input, init) }),
      ];
      for (const transport of transports) {
        for (let round = 0; round < 2; round++) for await (const _ of transport.exchange(call, {}));
        await transport.close();
      }
      // fetch sends the Fetch standard's request headers; node:http sends only ours and Host.
      expect(seen.map(({ headers }) => headers['sec-fetch-mode'])).toEqual([
        undefined,
        undefined,
        'cors',
        'cors',
        'cors',
        'cors',
      ]);
      expect(seen[0]!.socket).toBe(seen[1]!.socket);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('node:http gets the request head Node itself would write: Host, Content-Length, URL credentials', async () => {
    const heads: { raw: string[]; body: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        heads.push({ raw: req.rawHeaders, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const call: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'é ✓' } };
    try {
      const transports = [
        createHttpClientTransport(`http://us%20er:p%40ss@127.0.0.1:${port}/mcp?a=1`),
        createHttpClientTransport(`http://us%20er:p%40ss@127.0.0.1:${port}/mcp`, {
          headers: { Host: 'mcp.example', Authorization: 'Bearer t' },
        }),
      ];
      for (const transport of transports) {
        for await (const _ of transport.exchange(call, {}));
        await transport.close();
      }
      const header = (raw: string[], name: string) =>
        raw.filter((_, index) => index % 2 === 1 && raw[index - 1]!.toLowerCase() === name);
      const [plain, custom] = heads;
      expect(header(plain!.raw, 'host')).toEqual([`127.0.0.1:${port}`]);
      expect(header(plain!.raw, 'content-length')).toEqual([String(Buffer.byteLength(plain!.body))]);
      expect(Buffer.byteLength(plain!.body)).toBeGreaterThan(plain!.body.length);
      expect(header(plain!.raw, 'transfer-encoding')).toEqual([]);
      expect(header(plain!.raw, 'authorization')).toEqual([`Basic ${btoa('us er:p@ss')}`]);
      expect(header(plain!.raw, 'connection')).toEqual(['keep-alive']);
      expect(header(custom!.raw, 'host')).toEqual(['mcp.example']);
      expect(header(custom!.raw, 'authorization')).toEqual(['Bearer t']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('node:http reads a Content-Type in any case, and the first of repeated ones, as Node does', async () => {
    const answer = '{"jsonrpc":"2.0","id":1,"result":{"n":1}}';
    const replies: [string[], string][] = [
      [['CONTENT-TYPE', 'text/event-stream'], `data: ${answer}\n\n`],
      [['Content-Type', 'application/json', 'Content-Type', 'text/event-stream'], answer],
    ];
    let next = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const [head, body] = replies[next++]!;
        res.writeHead(200, head);
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const call: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } };
    try {
      const transport = createHttpClientTransport(url);
      for (let round = 0; round < replies.length; round++) {
        const seen = [];
        for await (const message of transport.exchange(call, {})) seen.push(message);
        expect(seen).toEqual([JSON.parse(answer)]);
      }
      await transport.close();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
