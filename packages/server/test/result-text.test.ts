import { type EndpointItem, type FinalResponse, responseText } from '@mcpkit/protocol';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { McpServer } from '../src/index.js';
import { request } from './helpers.js';

const INFO = { name: 'text-test', version: '1.0.0', title: 'Quote " and \\ in a title' };

function server(options: ConstructorParameters<typeof McpServer>[1] = {}) {
  const s = new McpServer(INFO, { onError: () => {}, ...options });
  s.tool('plain', { description: 'No _meta' }, () => ({ content: [{ type: 'text', text: 'ok' }] }));
  s.tool('error_result', { description: 'isError as well' }, () => ({
    content: [{ type: 'text', text: 'no' }],
    isError: true,
  }));
  s.tool('structured', { description: 'structuredContent as well' }, () => ({
    content: [{ type: 'text', text: '{}' }],
    structuredContent: {},
  }));
  s.tool('own_meta', { description: 'Its own _meta' }, () => ({
    _meta: { 'example.com/trace': 'abc' },
    content: [{ type: 'text', text: 'ok' }],
  }));
  return s;
}

async function finalOf(s: McpServer, name: string, id: string | number = 1): Promise<FinalResponse> {
  let final: FinalResponse | undefined;
  const exchange = s.handle(request('tools/call', { name, arguments: {} }, id), {
    transport: 'memory',
  } as never);
  for await (const item of exchange as AsyncIterable<EndpointItem>) if ('response' in item) final = item;
  return final!;
}

describe('the text of a result response', () => {
  it('S-5: a result without _meta of its own comes with its text, serverInfo first, the response unchanged', async () => {
    const final = await finalOf(server(), 'plain', 'id "quoted"');
    expect(typeof final.json).toBe('string');
    expect(final.json).toBe(JSON.stringify(final.response));
    expect(final.json).toBe(
      '{"jsonrpc":"2.0","id":"id \\"quoted\\"","result":{"_meta":{"io.modelcontextprotocol/serverInfo":' +
        `${JSON.stringify(INFO)}},"resultType":"complete","content":[{"type":"text","text":"ok"}]}}`,
    );
    // Reading the text leaves the response as it was.
    expect((final.response as { result: Record<string, unknown> }).result._meta).toEqual({
      'io.modelcontextprotocol/serverInfo': INFO,
    });
    expect(responseText(final)).toBe(final.json);
  });

  it('S-5: a result with its own _meta is serialized whole, both keys kept', async () => {
    const final = await finalOf(server(), 'own_meta', 7);
    const sent = JSON.parse(responseText(final));
    expect(sent).toEqual(final.response);
    expect(sent.result._meta).toEqual({
      'example.com/trace': 'abc',
      'io.modelcontextprotocol/serverInfo': INFO,
    });
  });

  it('P-37: without serverInfo the text has no _meta', async () => {
    const final = await finalOf(server({ includeServerInfo: false }), 'plain', 3);
    expect(JSON.parse(responseText(final))).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] },
    });
  });

  it('S-5: a result with more than content, or its keys in another order, is the same text as the whole response', async () => {
    for (const name of ['error_result', 'structured']) {
      const final = await finalOf(server(), name);
      expect(final.json).toBe(JSON.stringify(final.response));
    }
    // A middleware may hand back a result whose keys come in its own order: the text keeps it.
    const reordered = server();
    reordered.use(async (_call, next) => {
      const { resultType, content } = (await next()) as { resultType: 'complete'; content: unknown[] };
      return { content, resultType } as never;
    });
    const final = await finalOf(reordered, 'plain', 2);
    expect(final.json).toBe(JSON.stringify(final.response));
    expect(final.json).toContain('"result":{"_meta":');
    expect(final.json).toContain('}},"content":[{"type":"text","text":"ok"}],"resultType":"complete"}}');
  });

  it('S-5: text blocks are written without stringifying the blocks, and every other content as JSON.stringify would', async () => {
    class Block {
      type = 'text';
      text = 'from a class';
      toJSON() {
        return { type: 'text', text: 'its toJSON' };
      }
    }
    const inherited = Object.create({ text: 'inherited' }) as Record<string, unknown>;
    inherited.type = 'text';
    const bare = Object.create(null) as Record<string, unknown>;
    bare.type = 'text';
    bare.text = 'no prototype';
    const contents: Record<string, unknown[]> = {
      several: [
        { type: 'text', text: 'one' },
        { type: 'text', text: 'quote " backslash \\ newline \n lone \ud800 emoji \u{1f600}' },
        { type: 'text', text: '' },
      ],
      reordered: [{ text: 'text first', type: 'text' }],
      annotated: [{ type: 'text', text: 'a', annotations: { priority: 1 } }],
      meta: [{ type: 'text', text: 'a', _meta: { 'example.com/k': 1 } }],
      image: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }],
      mixed: [
        { type: 'text', text: 'a' },
        { type: 'image', data: 'aGk=', mimeType: 'image/png' },
      ],
      instance: [new Block()],
      inherited: [inherited],
      bare: [bare],
      empty: [],
    };
    const s = new McpServer(INFO, { onError: () => {} });
    for (const [name, content] of Object.entries(contents)) s.tool(name, {}, () => ({ content }) as never);
    for (const name of Object.keys(contents)) {
      const final = await finalOf(s, name);
      expect(final.json, name).toBe(JSON.stringify(final.response));
    }
    const final = await finalOf(s, 'several');
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(final.json).toContain('"content":[{"type":"text","text":"one"},{"type":"text","text":"quote');
      const content = (final.response as unknown as { result: { content: unknown[] } }).result.content;
      expect(stringify.mock.calls.some(([value]) => value === content || value === content[0])).toBe(false);
    } finally {
      stringify.mockRestore();
    }
  });

  it('S-5: any content of text blocks, strings of any code units, is the same text as JSON.stringify', async () => {
    let content: unknown[] = [];
    const s = new McpServer(INFO, { onError: () => {} });
    s.tool('any', {}, () => ({ content }) as never);
    const block = fc.oneof(
      fc.record({ type: fc.constant('text'), text: fc.string({ unit: 'binary' }) }),
      fc.record({ text: fc.string(), type: fc.constant('text') }),
      fc.record({ type: fc.constant('text'), text: fc.string(), _meta: fc.constant({ k: 1 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(block, { maxLength: 4 }), async (blocks) => {
        content = blocks;
        const final = await finalOf(s, 'any');
        expect(final.json).toBe(JSON.stringify(final.response));
      }),
      { numRuns: 200 },
    );
  });

  it('S-5: a numeric or string id is written as JSON.stringify writes it', async () => {
    const s = server();
    for (const id of [0, -0, 7, -12, 2 ** 53 - 1, -(2 ** 53 - 1), 'seven']) {
      const final = await finalOf(s, 'plain', id);
      expect(final.json, String(id)).toBe(JSON.stringify(final.response));
    }
  });

  it('S-5: a text with nothing to escape is written in quotes without JSON.stringify, any other as it escapes it', async () => {
    let text = '';
    const s = new McpServer(INFO, { onError: () => {} });
    s.tool('echo', {}, () => ({ content: [{ type: 'text', text }] }));
    const plain = ['hello from the bench', '', "it's 100% <ok> & {fine} / \u007f \u00e9 \u20ac"];
    const escaped = [
      'a "quote"',
      'back\\slash',
      'new\nline',
      'nul \u0000',
      'lone \ud800',
      'emoji \u{1f600}',
      // A long text is stringified whatever it holds.
      'long '.repeat(13),
    ];
    for (const value of [...plain, ...escaped]) {
      text = value;
      const final = await finalOf(s, 'echo');
      const stringify = vi.spyOn(JSON, 'stringify');
      let json: string;
      try {
        json = final.json!;
        const stringified = stringify.mock.calls.some(([argument]) => argument === value);
        expect(stringified, JSON.stringify(value)).toBe(escaped.includes(value));
      } finally {
        stringify.mockRestore();
      }
      expect(json).toBe(JSON.stringify(final.response));
    }
  });
});
