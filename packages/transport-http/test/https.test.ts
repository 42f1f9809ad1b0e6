import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { type JSONRPCRequest, TransportError } from '@mcpkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClientTransport } from '../src/client/create-transport.js';
import { openHttpClientTransport } from '../src/client/http-client-transport.js';
import { keepAliveAgentOptions, nodeSender } from '../src/client/node-sender.js';
import { httpLegacyWire } from './helpers/legacy-wire.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const cert = fixture('localhost-cert.pem');
const call: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } };

let server: https.Server;
let url: string;
const sockets = new Set<unknown>();

beforeAll(async () => {
  server = https.createServer({ cert, key: fixture('localhost-key.pem') }, (req, res) => {
    sockets.add(req.socket);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jsonrpc":"2.0","id":1,"result":{"tls":true}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the node engine over https', () => {
  it('sends through node:https, verifying the certificate, on one kept-alive connection', async () => {
    const agent = new https.Agent({ ...keepAliveAgentOptions(), ca: cert });
    const sender = nodeSender({ http, https: () => https, Buffer }, agent);
    const transport = openHttpClientTransport(url, {}, sender, httpLegacyWire);
    for (let round = 0; round < 3; round++) {
      const messages = [];
      for await (const message of transport.exchange(call, {})) messages.push(message);
      expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, result: { tls: true } }]);
    }
    expect(sockets.size).toBe(1);
    await transport.close();
  });

  it('refuses a certificate it cannot verify: the exchange fails, nothing is sent', async () => {
    const transport = createHttpClientTransport(url, { engine: 'node' });
    const error = await (async () => {
      for await (const _ of transport.exchange(call, {})) throw new Error('answered');
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).reason).toBe('connection-lost');
    expect(String((error as TransportError).cause)).toMatch(/self[- ]signed/i);
    await transport.close();
  });
});
