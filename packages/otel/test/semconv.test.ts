import { describe, expect, it } from 'vitest';
import {
  metricAttributes,
  outcomeOfError,
  outcomeOfResult,
  spanAttributes,
  spanNameOf,
} from '../src/semconv.js';

class McpLikeError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

describe('span names', () => {
  it('are the method and the tool or prompt name', () => {
    expect(spanNameOf('tools/call', { name: 'get-weather' })).toBe('tools/call get-weather');
    expect(spanNameOf('prompts/get', { name: 'review' })).toBe('prompts/get review');
    expect(spanNameOf('tools/list', {})).toBe('tools/list');
    expect(spanNameOf('notifications/progress', { progressToken: 1 })).toBe('notifications/progress');
  });

  it('leave the resource URI out unless asked', () => {
    expect(spanNameOf('resources/read', { uri: 'file:///a' })).toBe('resources/read');
    expect(spanNameOf('resources/read', { uri: 'file:///a' }, true)).toBe('resources/read file:///a');
    expect(spanNameOf('resources/subscribe', { uri: 'file:///a' }, true)).toBe(
      'resources/subscribe file:///a',
    );
  });

  it('fall back to the method when the target is not a string', () => {
    expect(spanNameOf('tools/call', { name: 42 })).toBe('tools/call');
    expect(spanNameOf('tools/call', undefined)).toBe('tools/call');
  });
});

describe('span attributes', () => {
  it('of a tool call on the client: the tool, execute_tool, the id as a string, the server', () => {
    expect(
      spanAttributes(
        {
          method: 'tools/call',
          params: { name: 'get-weather', arguments: { city: 'Lisbon' } },
          requestId: 3,
          protocolVersion: '2026-07-28',
          networkTransport: 'tcp',
          networkProtocol: 'http',
          peerAddress: 'localhost',
          peerPort: 8080,
        },
        'client',
      ),
    ).toStrictEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get-weather',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': '3',
      'mcp.protocol.version': '2026-07-28',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'server.address': 'localhost',
      'server.port': 8080,
    });
  });

  it('of a server span: the client address, the session, no operation name off tools/call', () => {
    expect(
      spanAttributes(
        {
          method: 'prompts/get',
          params: { name: 'review' },
          requestId: 'r-1',
          protocolVersion: '2025-11-25',
          sessionId: 'abc',
          networkTransport: 'tcp',
          peerAddress: '127.0.0.1',
          peerPort: 50123,
        },
        'server',
      ),
    ).toStrictEqual({
      'mcp.method.name': 'prompts/get',
      'gen_ai.prompt.name': 'review',
      'jsonrpc.request.id': 'r-1',
      'mcp.protocol.version': '2025-11-25',
      'mcp.session.id': 'abc',
      'network.transport': 'tcp',
      'client.address': '127.0.0.1',
      'client.port': 50123,
    });
  });

  it('name the resource of resources/read and a notification without an id', () => {
    expect(
      spanAttributes({ method: 'resources/read', params: { uri: 'file:///a' }, requestId: 1 }, 'server'),
    ).toStrictEqual({
      'mcp.method.name': 'resources/read',
      'mcp.resource.uri': 'file:///a',
      'jsonrpc.request.id': '1',
    });
    expect(
      spanAttributes({ method: 'notifications/resources/updated', params: { uri: 'file:///a' } }, 'client'),
    ).toStrictEqual({
      'mcp.method.name': 'notifications/resources/updated',
      'mcp.resource.uri': 'file:///a',
    });
  });

  it('leave out a null id', () => {
    expect(spanAttributes({ method: 'ping', params: {}, requestId: null }, 'client')).toStrictEqual({
      'mcp.method.name': 'ping',
    });
  });
});

describe('metric attributes', () => {
  const facts = {
    method: 'tools/call',
    params: { name: 'echo' },
    requestId: 7,
    protocolVersion: '2025-11-25',
    sessionId: 's',
    networkTransport: 'pipe',
    peerAddress: 'example.com',
    peerPort: 443,
  };

  it('carry neither the id nor the session, and the server address on the client only', () => {
    expect(metricAttributes(facts, 'client', undefined)).toStrictEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
      'server.address': 'example.com',
      'server.port': 443,
    });
    expect(metricAttributes(facts, 'server', { errorType: '-32602', statusCode: '-32602' })).toStrictEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
      'error.type': '-32602',
      'rpc.response.status_code': '-32602',
    });
  });
});

describe('outcomes', () => {
  it('a tool result with isError is tool_error; other results are no error', () => {
    expect(outcomeOfResult('tools/call', { content: [], isError: true })).toStrictEqual({
      errorType: 'tool_error',
    });
    expect(outcomeOfResult('tools/call', { content: [] })).toBeUndefined();
    expect(outcomeOfResult('prompts/get', { isError: true })).toBeUndefined();
    expect(outcomeOfResult('tools/call', undefined)).toBeUndefined();
  });

  it('a JSON-RPC error is its code, in error.type and rpc.response.status_code, with its message', () => {
    expect(outcomeOfError(new McpLikeError(-32602, 'Unknown tool: nope'))).toStrictEqual({
      errorType: '-32602',
      statusCode: '-32602',
      message: 'Unknown tool: nope',
    });
  });

  it('a timeout is timeout; another error its class name; a plain Error or a non-error _OTHER', () => {
    const timeout = new Error('too slow');
    timeout.name = 'RequestTimeoutError';
    expect(outcomeOfError(timeout)).toStrictEqual({ errorType: 'timeout', message: 'too slow' });
    expect(outcomeOfError(new TypeError('fetch failed'))).toStrictEqual({
      errorType: 'TypeError',
      message: 'fetch failed',
    });
    expect(outcomeOfError(new Error('boom'))).toStrictEqual({ errorType: '_OTHER', message: 'boom' });
    expect(outcomeOfError('boom')).toStrictEqual({ errorType: '_OTHER' });
    const system = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    expect(outcomeOfError(system).errorType).toBe('_OTHER');
  });
});
