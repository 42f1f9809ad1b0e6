import { encodeHeaderValue } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../src/index.js';
import { call, headersFor, PROTOCOL_VERSION } from './helpers.js';

function server() {
  const s = new McpServer({ name: 'headers-test', version: '1.0.0' });
  s.tool('plain', {}, () => ({ content: [] }));
  s.tool(
    'custom_headers',
    {
      inputSchema: {
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          priority: { type: 'integer', 'x-mcp-header': 'Priority' },
          verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
          target: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
          query: { type: 'string' },
        },
      },
    },
    () => ({ content: [] }),
  );
  s.tool(
    'zod_headers',
    { inputSchema: z.object({ tenant: z.string().meta({ 'x-mcp-header': 'Tenant' }) }) },
    ({ tenant }) => ({ content: [{ type: 'text', text: tenant }] }),
  );
  s.resource('test://a b', { name: 'spaced' }, (uri) => ({ contents: [{ uri, text: 'x' }] }));
  s.prompt('greeting', {}, () => ({ messages: [] }));
  return s;
}

function toolCall(name: string, args: Record<string, unknown>, headers: Record<string, string>) {
  return call(
    server(),
    'tools/call',
    { name, arguments: args },
    {
      transport: 'http',
      headers: headersFor('tools/call', { 'Mcp-Name': name, ...headers }),
    },
  );
}

async function expectMismatch(outcome: ReturnType<typeof call>) {
  const { error, status } = await outcome;
  expect(error?.code).toBe(-32020);
  expect(status).toBe(400);
}

describe('standard headers (H-17..H-21, H-29)', () => {
  it('accepts a request whose headers match its body', async () => {
    const outcome = await call(server(), 'tools/list', {}, { headers: headersFor('tools/list') });
    expect(outcome.result?.tools).toBeDefined();
  });

  it('H-17: header names are case-insensitive', async () => {
    for (const name of ['mcp-method', 'MCP-METHOD']) {
      const headers = new Headers({ 'mcp-protocol-version': PROTOCOL_VERSION, [name]: 'tools/list' });
      expect((await call(server(), 'tools/list', {}, { headers })).result, name).toBeDefined();
    }
  });

  it('H-17: header values are case-sensitive', async () => {
    await expectMismatch(call(server(), 'tools/list', {}, { headers: headersFor('TOOLS/LIST') }));
  });

  it('H-21: a missing MCP-Protocol-Version header is -32020', async () => {
    await expectMismatch(
      call(server(), 'tools/list', {}, { headers: new Headers({ 'Mcp-Method': 'tools/list' }) }),
    );
  });

  it('H-18: MCP-Protocol-Version must equal the body version', async () => {
    const headers = headersFor('tools/list', { 'MCP-Protocol-Version': '2025-11-25' });
    await expectMismatch(call(server(), 'tools/list', {}, { headers }));
  });

  it('H-29: a missing or different Mcp-Method is -32020', async () => {
    await expectMismatch(
      call(
        server(),
        'tools/list',
        {},
        { headers: new Headers({ 'MCP-Protocol-Version': PROTOCOL_VERSION }) },
      ),
    );
    await expectMismatch(call(server(), 'tools/list', {}, { headers: headersFor('prompts/list') }));
  });

  it('H-29: a header holding control characters is -32020', async () => {
    const headers = {
      get: (name: string) => (name.toLowerCase() === 'mcp-method' ? 'tools/list\u0001' : PROTOCOL_VERSION),
    };
    await expectMismatch(call(server(), 'tools/list', {}, { headers: headers as unknown as Headers }));
  });

  it('H-29: a header equal to the body is still refused for control characters, before or after a valid one', async () => {
    const withMethod = (method: string) =>
      ({
        get: (name: string) => (name.toLowerCase() === 'mcp-method' ? method : PROTOCOL_VERSION),
      }) as unknown as Headers;
    for (const method of [
      'tools/list\u0001',
      'tools/list\u0001',
      'tools/list',
      'tools/list',
      'tools/list\u0001',
    ]) {
      const { result, error } = await call(server(), method, {}, { headers: withMethod(method) });
      if (method === 'tools/list') expect(result?.tools).toBeDefined();
      else expect(error?.message).toMatch(/Mcp-Method header holds invalid characters/);
    }
  });

  it('H-29: a missing Mcp-Name is -32020 when the body names a tool', async () => {
    const outcome = call(server(), 'tools/call', { name: 'plain' }, { headers: headersFor('tools/call') });
    await expectMismatch(outcome);
  });

  it('H-29: a different Mcp-Name is -32020, in the message format of the spec example', async () => {
    const outcome = await toolCall('plain', {}, { 'Mcp-Name': 'wrong_tool_name' });
    expect(outcome.error).toEqual({
      code: -32020,
      message: "Header mismatch: Mcp-Name header value 'wrong_tool_name' does not match body value 'plain'",
    });
  });

  it('whitespace around a header value is ignored (RFC 9110 §5.5)', async () => {
    const outcome = await toolCall('plain', {}, { 'Mcp-Name': '  plain\t' });
    expect(outcome.result).toBeDefined();
  });

  it('H-26: Mcp-Name may be Base64-encoded; resources/read mirrors the uri; prompts/get the name', async () => {
    const s = server();
    const uri = 'test://a b';
    const read = await call(
      s,
      'resources/read',
      { uri },
      {
        headers: headersFor('resources/read', { 'Mcp-Name': encodeHeaderValue(uri) }),
      },
    );
    expect(read.result?.contents).toEqual([{ uri, text: 'x' }]);
    const prompt = await call(
      s,
      'prompts/get',
      { name: 'greeting' },
      {
        headers: headersFor('prompts/get', { 'Mcp-Name': 'other' }),
      },
    );
    expect(prompt.error?.code).toBe(-32020);
  });

  it('header checks need headers: without them (stdio, memory) nothing is checked', async () => {
    expect((await call(server(), 'tools/call', { name: 'plain' })).result).toBeDefined();
  });
});

describe('Mcp-Param-* headers (H-22..H-33)', () => {
  it('accepts annotated values mirrored in their headers', async () => {
    const outcome = await toolCall(
      'custom_headers',
      { region: 'us-west1', priority: 42, verbose: true, target: { zone: 'b' }, query: 'q' },
      {
        'Mcp-Param-Region': 'us-west1',
        'Mcp-Param-Priority': '42',
        'Mcp-Param-Verbose': 'true',
        'Mcp-Param-Zone': 'b',
      },
    );
    expect(outcome.result).toBeDefined();
  });

  it('H-31: integers compare numerically', async () => {
    expect(
      (await toolCall('custom_headers', { priority: 42 }, { 'Mcp-Param-Priority': '42.0' })).result,
    ).toBeDefined();
    await expectMismatch(toolCall('custom_headers', { priority: 42 }, { 'Mcp-Param-Priority': '43' }));
    await expectMismatch(toolCall('custom_headers', { priority: 42 }, { 'Mcp-Param-Priority': 'forty-two' }));
  });

  // The number pattern had two digit runs side by side: 15,000 digits cost 0.4 s of CPU, 300,000
  // minutes. It is linear now, so this finishes at once, far inside the time limit.
  it('H-31: a huge numeric header is refused at once, and the -32020 message repeats only its start', async () => {
    const huge = `${'1'.repeat(300_000)}x`;
    const outcome = await toolCall('custom_headers', { priority: 1 }, { 'Mcp-Param-Priority': huge });
    expect(outcome.error?.code).toBe(-32020);
    expect(outcome.error?.message).toMatch(/header value '1+…' does not match body value '1'$/);
    expect(outcome.error?.message.length).toBeLessThan(200);
  });

  it('a -32020 message clips a long body value too', async () => {
    const long = 'b'.repeat(5000);
    const outcome = await toolCall('custom_headers', { region: long }, { 'Mcp-Param-Region': 'a' });
    expect(outcome.error?.message).toMatch(/header value 'a' does not match body value 'b+…'$/);
    expect(outcome.error?.message.length).toBeLessThan(200);
  });

  it('booleans compare as true/false, case-sensitively', async () => {
    await expectMismatch(toolCall('custom_headers', { verbose: true }, { 'Mcp-Param-Verbose': 'TRUE' }));
  });

  it('H-26: decodes a Base64 value before comparing', async () => {
    const outcome = await toolCall(
      'custom_headers',
      { region: 'Hello' },
      { 'Mcp-Param-Region': '=?base64?SGVsbG8=?=' },
    );
    expect(outcome.result).toBeDefined();
    const unicode = await toolCall(
      'custom_headers',
      { region: 'Hello, 世界' },
      {
        'Mcp-Param-Region': encodeHeaderValue('Hello, 世界'),
      },
    );
    expect(unicode.result).toBeDefined();
  });

  it.each([
    ['invalid padding', '=?base64?SGVsbG8?='],
    ['non-alphabet characters', '=?base64?SGVs!!!bG8=?='],
  ])('H-29: rejects Base64 with %s', async (_, value) => {
    await expectMismatch(toolCall('custom_headers', { region: 'Hello' }, { 'Mcp-Param-Region': value }));
  });

  it.each([
    ['without the =?base64? prefix', 'SGVsbG8='],
    ['without the ?= suffix', '=?base64?SGVsbG8='],
  ])('treats a value %s as a literal', async (_, value) => {
    expect(
      (await toolCall('custom_headers', { region: value }, { 'Mcp-Param-Region': value })).result,
    ).toBeDefined();
  });

  it('H-29: a value in the body without its header is -32020', async () => {
    await expectMismatch(toolCall('custom_headers', { region: 'test-value' }, {}));
    await expectMismatch(toolCall('custom_headers', { target: { zone: 'b' } }, {}));
  });

  it('H-30: an absent or null value needs no header', async () => {
    expect((await toolCall('custom_headers', { verbose: null, query: 'q' }, {})).result).toBeDefined();
  });

  it('a header for a value the body does not have is -32020', async () => {
    await expectMismatch(toolCall('custom_headers', {}, { 'Mcp-Param-Region': 'eu' }));
  });

  it('H-32: unknown Mcp-Param-* headers are ignored', async () => {
    expect((await toolCall('plain', {}, { 'Mcp-Param-Unknown': 'x' })).result).toBeDefined();
  });

  it('zod parameters annotated with .meta({ "x-mcp-header" }) are checked too', async () => {
    await expectMismatch(toolCall('zod_headers', { tenant: 'acme' }, { 'Mcp-Param-Tenant': 'other' }));
    const ok = await toolCall('zod_headers', { tenant: 'acme' }, { 'Mcp-Param-Tenant': 'acme' });
    expect(ok.result?.content).toEqual([{ type: 'text', text: 'acme' }]);
  });

  it('an unknown tool skips the parameter checks and is -32602', async () => {
    expect((await toolCall('nope', {}, {})).error?.code).toBe(-32602);
  });
});
