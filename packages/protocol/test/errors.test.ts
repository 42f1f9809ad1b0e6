import { describe, expect, it } from 'vitest';
import {
  clipForMessage,
  decodeAs,
  disallowedErrorCodeReason,
  disallowedErrorReason,
  ErrorCode,
  errorFinal,
  httpStatusFor,
  isResourceNotFound,
  LEGACY_RESOURCE_NOT_FOUND,
  McpError,
  toErrorResponse,
} from '../src/index.js';

describe('McpError constructors', () => {
  it('have the digest §1.3 codes and HTTP statuses', () => {
    expect(McpError.parseError('x').code).toBe(-32700);
    expect(McpError.invalidRequest('x').code).toBe(-32600);
    const status = (error: McpError) => httpStatusFor(error.reason);
    expect(McpError.methodNotFound('x')).toMatchObject({ code: -32601, reason: 'unknown-method' });
    expect(status(McpError.methodNotFound('x'))).toBe(404);
    expect(McpError.invalidParams('x')).toMatchObject({ code: -32602, reason: 'invalid-params' });
    expect(status(McpError.invalidParams('x'))).toBe(200);
    expect(McpError.invalidRequestMeta('x')).toMatchObject({ code: -32602, reason: 'request-meta' });
    expect(status(McpError.invalidRequestMeta('x'))).toBe(400);
    expect(McpError.internalError().code).toBe(-32603);
    expect(McpError.headerMismatch('x')).toMatchObject({ code: -32020, reason: 'header-mismatch' });
    expect(status(McpError.headerMismatch('x'))).toBe(400);
  });

  it('S-3: -32021 carries data.requiredCapabilities', () => {
    const error = McpError.missingRequiredClientCapability({ elicitation: { form: {} } });
    expect(error).toMatchObject({
      code: -32021,
      reason: 'missing-capability',
      data: { requiredCapabilities: { elicitation: { form: {} } } },
    });
  });

  it('S-2: -32022 carries data.supported and data.requested', () => {
    const error = McpError.unsupportedProtocolVersion('1900-01-01', ['2026-07-28']);
    expect(error).toMatchObject({
      code: -32022,
      reason: 'unsupported-version',
      data: { supported: ['2026-07-28'], requested: '1900-01-01' },
    });
  });

  it('S-28: resource not found is -32602 with data.uri', () => {
    expect(McpError.resourceNotFound('file:///x').toJSON()).toEqual({
      code: -32602,
      message: 'Resource not found: file:///x',
      data: { uri: 'file:///x' },
    });
  });

  it('P-8: a message repeats at most 100 characters of a peer value; data keeps it whole', () => {
    const long = `file:///${'x'.repeat(1_000_000)}`;
    const notFound = McpError.resourceNotFound(long);
    expect(notFound.message).toBe(`Resource not found: ${long.slice(0, 100)}…`);
    expect(notFound.data).toEqual({ uri: long });
    expect(McpError.methodNotFound('m'.repeat(5000)).message).toHaveLength('Method not found: '.length + 101);
    const version = McpError.unsupportedProtocolVersion('9'.repeat(5000), ['2026-07-28']);
    expect(version.message.length).toBeLessThan(150);
    expect(version.data).toMatchObject({ requested: '9'.repeat(5000) });
  });

  it('clipForMessage keeps short text and never splits a surrogate pair', () => {
    expect(clipForMessage('short')).toBe('short');
    expect(clipForMessage('abcdef', 3)).toBe('abc…');
    expect(clipForMessage('ab😀cd', 3)).toBe('ab…');
    expect(clipForMessage('ab😀cd', 4)).toBe('ab😀…');
  });

  it('round-trips through an error response', () => {
    const error = McpError.fromResponse({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32022, message: 'm', data: { a: 1 } },
    });
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32022, message: 'm', data: { a: 1 } });
  });
});

describe('error code policy (P-21..P-23, S-8)', () => {
  it.each([-32000, -32001, -32003, -32004, -32019])('P-21: %i is in the legacy range', (code) => {
    expect(disallowedErrorCodeReason(code)).toMatch(/legacy/);
  });

  it.each([-32023, -32050, -32099])('P-22: %i is spec-owned and undefined', (code) => {
    expect(disallowedErrorCodeReason(code)).toMatch(/reserved/);
  });

  it.each([-32002, -32042])('P-23/S-29/B-22: %i is retired, never sent even to old clients', (code) => {
    expect(disallowedErrorCodeReason(code)).toMatch(/retired/);
  });

  it.each([-32700, -32600, -32601, -32602, -32603, -32020, -32021, -32022, 1, -1000, -31999, -32769])(
    '%i may be sent',
    (code) => {
      expect(disallowedErrorCodeReason(code)).toBeUndefined();
    },
  );

  it('toErrorResponse replaces a code we may not send with -32603', () => {
    const response = toErrorResponse(new McpError(LEGACY_RESOURCE_NOT_FOUND, 'Resource not found'), 4);
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: ErrorCode.InternalError, message: 'Internal error' },
    });
  });

  it.each([-32100, -32604, -32650, -32768])('P-26/S-8: %i is reserved by JSON-RPC and undefined', (code) => {
    expect(disallowedErrorCodeReason(code)).toMatch(/reserved by JSON-RPC/);
    expect(toErrorResponse(new McpError(code, 'x'), 1).error).toEqual({
      code: -32603,
      message: 'Internal error',
    });
  });

  it('S-2/S-3: -32021 and -32022 without the data the spec requires become -32603', () => {
    const unsendable = [
      new McpError(-32022, 'Unsupported protocol version'),
      new McpError(-32022, 'x', { supported: '2026-07-28', requested: 'y' }),
      new McpError(-32021, 'x', 'oops'),
      new McpError(-32021, 'x', { requiredCapabilities: 'elicitation' }),
    ];
    for (const error of unsendable) {
      expect(disallowedErrorReason(error)).toMatch(/needs data/);
      expect(toErrorResponse(error, 1)).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: 'Internal error' },
      });
    }
  });

  it('S-2/S-3: what toErrorResponse sends for -32021 and -32022 satisfies their own schemas', () => {
    const version = toErrorResponse(McpError.unsupportedProtocolVersion('1900-01-01', ['2026-07-28']), 1);
    expect(version.error.code).toBe(-32022);
    expect(decodeAs('UnsupportedProtocolVersionError', version).ok).toBe(true);
    const capability = toErrorResponse(McpError.missingRequiredClientCapability({ roots: {} }), 2);
    expect(capability.error.code).toBe(-32021);
    expect(decodeAs('MissingRequiredClientCapabilityError', capability).ok).toBe(true);
    expect(toErrorResponse(McpError.headerMismatch('Mcp-Name differs'), 3).error.code).toBe(-32020);
  });

  it('toErrorResponse hides the message of a thrown non-McpError', () => {
    const response = toErrorResponse(new Error('database password is hunter2'), 'a');
    expect(response.error).toEqual({ code: -32603, message: 'Internal error' });
  });

  it('P-7: toErrorResponse omits id when it is unknown', () => {
    expect(toErrorResponse(McpError.parseError('bad'), undefined)).not.toHaveProperty('id');
  });
});

describe('HTTP status of an error (docs/architecture.md "Errors and status codes")', () => {
  const status = (error: McpError) => httpStatusFor(errorFinal(error, 1).failure!);

  it('400 for envelope errors, a missing _meta field, -32020, -32021, -32022', () => {
    expect(status(McpError.parseError('x'))).toBe(400);
    expect(status(McpError.invalidRequest('x'))).toBe(400);
    expect(status(McpError.invalidRequestMeta('x'))).toBe(400);
    expect(status(McpError.headerMismatch('x'))).toBe(400);
    expect(status(McpError.missingRequiredClientCapability({}))).toBe(400);
    expect(status(McpError.unsupportedProtocolVersion('x', []))).toBe(400);
  });

  it('H-20: 404 for -32601', () => {
    expect(status(McpError.methodNotFound('x'))).toBe(404);
    const received = McpError.fromResponse({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'm' } });
    expect(httpStatusFor(received.reason)).toBe(404);
  });

  it('Q-3: 200 for other JSON-RPC errors (unknown tool, not found, internal)', () => {
    expect(status(McpError.invalidParams('Unknown tool: x'))).toBe(200);
    expect(status(McpError.resourceNotFound('file:///x'))).toBe(200);
    expect(status(McpError.internalError())).toBe(200);
  });

  it('the endpoint’s reason wins over the code and stays off the wire', () => {
    const final = errorFinal(McpError.invalidRequestMeta('x'), 1);
    expect(final.failure).toBe('request-meta');
    expect(httpStatusFor(final.failure!)).toBe(400);
    expect(JSON.stringify(final.response)).not.toContain('request-meta');
  });

  it('an authorization refusal is 401 or 403 and its challenge stays off the wire', () => {
    const challenge = 'Bearer error="insufficient_scope"';
    const forbidden = new McpError(-31403, 'Forbidden', undefined, { reason: 'forbidden', challenge });
    const final = errorFinal(forbidden, 1);
    expect(httpStatusFor(final.failure!)).toBe(403);
    expect(final.challenge).toBe(challenge);
    expect(JSON.stringify(final.response)).not.toContain('Bearer');
    expect(
      httpStatusFor(new McpError(-31401, 'Unauthorized', undefined, { reason: 'unauthorized' }).reason),
    ).toBe(401);
    expect(errorFinal(McpError.internalError(), 1).challenge).toBeUndefined();
  });
});

describe('isResourceNotFound', () => {
  it('P-24/C-17: -32002 from old servers and -32602 both mean not found', () => {
    expect(isResourceNotFound({ code: -32002 })).toBe(true);
    expect(isResourceNotFound({ code: -32602 })).toBe(true);
    expect(isResourceNotFound({ code: -32603 })).toBe(false);
  });
});
