import { describe, expect, it } from 'vitest';
import { isJsonContentType, responseModeFor } from '../src/server/negotiation.js';

describe('responseModeFor', () => {
  it.each([
    [null, 'any'],
    ['', 'any'],
    ['application/json, text/event-stream', 'any'],
    ['text/event-stream, application/json', 'any'],
    ['*/*', 'any'],
    ['application/*, text/*', 'any'],
    ['application/json', 'json'],
    ['application/json, text/event-stream;q=0', 'json'],
    ['text/event-stream', 'sse'],
    ['TEXT/EVENT-STREAM; q=0.5', 'sse'],
    ['text/html', undefined],
    ['application/json;q=0', undefined],
    ['image/png, text/plain', undefined],
  ])('H-5: Accept %j is %j', (accept, mode) => {
    expect(responseModeFor(accept)).toBe(mode);
  });
});

describe('isJsonContentType', () => {
  it.each([
    [null, true],
    ['application/json', true],
    ['application/json;charset=UTF-8', true],
    [' Application/JSON ', true],
    ['application/ld+json', true],
    ['text/plain', false],
    ['text/json', false],
    ['application/x-www-form-urlencoded', false],
    ['', false],
  ])('H-10: %j is %j', (contentType, ok) => {
    expect(isJsonContentType(contentType)).toBe(ok);
  });
});
