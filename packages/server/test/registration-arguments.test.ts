import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../src/index.js';

// A JavaScript caller, or a cast, gets past the types: a registration with a missing or wrong
// argument says which one and how to call it, rather than failing inside with a destructuring error.

const server = () => new McpServer({ name: 'registration-arguments', version: '1.0.0' });
const handler = async () => ({ content: [] });
// biome-ignore lint/suspicious/noExplicitAny: the calls below are what the types forbid
const loose = (value: McpServer) => value as any;

describe('registration arguments', () => {
  it('server.tool without a name, a config or a handler names the argument and shows a call', () => {
    const s = loose(server());
    expect(() => s.tool(undefined)).toThrow(
      new TypeError(
        "server.tool(): the first argument must be the tool's name (a string), got undefined. Call it as server.tool('add', { description: 'Adds', inputSchema: { a: z.number() } }, (args, ctx) => result)",
      ),
    );
    expect(() => s.tool()).toThrow(
      /^server\.tool\(\): the first argument must be the tool's name \(a string\), got undefined\./,
    );
    expect(() => s.tool(42, {}, handler)).toThrow(/^server\.tool\(\): the first argument .* got number 42\./);
    expect(() => s.tool('add')).toThrow(
      /^server\.tool\("add"\): the second argument must be the tool's config \(an object\) or its input schema, got undefined\. Call it as server\.tool\('add'/,
    );
    expect(() => s.tool('add', null, handler)).toThrow(
      /^server\.tool\("add"\): the second argument .* got null\./,
    );
    expect(() => s.tool('add', {})).toThrow(
      /^server\.tool\("add"\): the third argument must be the handler \(a function\), got undefined\./,
    );
    expect(() => s.tool('add', { a: z.number() }, 'handler')).toThrow(/third argument .* got "handler"\./);
  });

  it('server.resource, server.resourceTemplate and server.prompt say the same of theirs', () => {
    const s = loose(server());
    expect(() => s.resource(undefined)).toThrow(
      /^server\.resource\(\): the first argument must be the resource's URI \(a string\), got undefined\. Call it as server\.resource\(/,
    );
    expect(() => s.resource('file:///a', [], handler)).toThrow(
      /^server\.resource\("file:\/\/\/a"\): the second argument must be the resource's config \(an object with a name\), got an array\./,
    );
    expect(() => s.resource('file:///a', { name: 'a' })).toThrow(
      /the third argument must be the reader \(a function\)/,
    );
    expect(() => s.resourceTemplate('notes://{id}', { name: 'n' })).toThrow(
      /^server\.resourceTemplate\("notes:\/\/\{id\}"\): the third argument must be the reader \(a function\), got undefined\./,
    );
    expect(() => s.prompt(undefined)).toThrow(
      /^server\.prompt\(\): the first argument must be the prompt's name \(a string\)/,
    );
    expect(() => s.prompt('review', undefined, handler)).toThrow(
      /^server\.prompt\("review"\): the second argument must be the prompt's config \(an object\), got undefined\. Call it as server\.prompt\(/,
    );
  });

  it('the calls the types allow still register', () => {
    const s = server();
    s.tool('shape', { a: z.number() }, handler);
    s.tool('schema', z.object({ a: z.number() }), handler);
    s.tool('config', { description: 'd' }, handler);
    s.resource('file:///a', { name: 'a' }, async () => ({ contents: [] }));
    s.prompt('p', {}, () => ({ messages: [] }));
    expect(s.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
  });
});
