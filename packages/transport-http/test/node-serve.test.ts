import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp } from '../src/node/index.js';
import { aborted, echo, gate, progress, request, result, scripted } from './helpers/endpoints.js';
import { frames, mcpHeaders } from './helpers/http.js';
import { closeStarted, externalAddress, postTo, raw, started } from './helpers/node.js';

afterEach(closeStarted);

describe('serveHttp()', () => {
  it('H-3: binds 127.0.0.1 by default and serves MCP at /mcp', async () => {
    const server = await started(serveHttp(echo));
    expect((server.server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
    const response = await postTo(server.url, request(1));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 1, result: { resultType: 'complete' } });
    const elsewhere = await postTo(server.url.replace('/mcp', '/other'), request(1));
    expect(elsewhere.status).toBe(404);
  });

  it.each([
    ['0.0.0.0', '127.0.0.1'],
    ['::', '[::1]'],
    ['0:0:0:0:0:0:0:0', '[::1]'],
  ])(
    'H-3: a wildcard bind (%s) reports a loopback URL (%s) that the server serves',
    async (host, loopback) => {
      const server = await started(serveHttp(echo, { host }));
      expect(server.url).toBe(`http://${loopback}:${server.port}/mcp`);
      const response = await postTo(server.url, request(1));
      expect(response.status).toBe(200);
    },
  );

  it.skipIf(externalAddress === undefined)(
    'H-2: binding a specific non-loopback host allows it, so the reported URL is served',
    async () => {
      const host = externalAddress!;
      const server = await started(serveHttp(echo, { host }));
      expect(server.url).toBe(`http://${host}:${server.port}/mcp`);
      expect((await postTo(server.url, request(1))).status).toBe(200);
      const sameOrigin = await postTo(server.url, request(2), { origin: `http://${host}:${server.port}` });
      expect(sameOrigin.status).toBe(200);
      const forged = await raw(server.url, {
        headers: { ...mcpHeaders(), host: 'evil.example.com' },
        chunks: [JSON.stringify(request(3))],
      });
      expect(forged.status).toBe(403);
    },
  );

  it.skipIf(externalAddress === undefined)(
    'H-2: an explicit allowedHosts is used as given, whatever host is bound',
    async () => {
      const server = await started(
        serveHttp(echo, { host: externalAddress!, allowedHosts: ['mcp.example.com'] }),
      );
      expect((await postTo(server.url, request(1))).status).toBe(403);
    },
  );

  it('S-50: close() lets a listen the endpoint is ending write its final result, then resolves', {
    timeout: 30_000,
  }, async () => {
    const shutdown = gate();
    const endpoint = scripted(async function* (message) {
      yield progress('ack', 1);
      await shutdown.promise;
      yield result(message.id, { _meta: { 'io.modelcontextprotocol/subscriptionId': message.id } });
    });
    // No deadline or keep-alive timeout can end this test: close() must finish by itself.
    const server = await serveHttp(endpoint, { closeTimeoutMs: 600_000 });
    server.server.keepAliveTimeout = 600_000;
    const response = await postTo(server.url, request(1, 'subscriptions/listen'));
    const stream = frames(response);
    expect(JSON.parse((await stream.next()).value!.slice(6))).toMatchObject({
      params: { progressToken: 'ack' },
    });
    shutdown.open();
    const closed = server.close();
    const rest: unknown[] = [];
    for await (const frame of stream) rest.push(JSON.parse(frame.slice(6)));
    expect(rest).toEqual([result(1, { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } })]);
    await closed;
    await expect(postTo(server.url, request(2))).rejects.toThrow();
  });

  it('close() returns the same promise when called again', async () => {
    const server = await serveHttp(echo);
    const first = server.close();
    expect(server.close()).toBe(first);
    await first;
  });

  it('rejects a closeTimeoutMs no timer can wait', async () => {
    await expect(serveHttp(echo, { closeTimeoutMs: 2 ** 31 })).rejects.toThrow(RangeError);
    await expect(serveHttp(echo, { closeTimeoutMs: -1 })).rejects.toThrow(RangeError);
  });

  it('close() drops streams still open at closeTimeoutMs and aborts their exchanges', async () => {
    const endpoint = scripted(async function* (_message, context) {
      yield progress('p', 1);
      await aborted(context.signal);
    });
    const server = await serveHttp(endpoint, { closeTimeoutMs: 50 });
    const response = await postTo(server.url, request(1, 'subscriptions/listen'));
    const reader = response.body!.getReader();
    await reader.read();
    await server.close();
    await aborted(endpoint.seen[0]!.context.signal);
    await expect(reader.read()).rejects.toThrow('terminated');
  });
});
