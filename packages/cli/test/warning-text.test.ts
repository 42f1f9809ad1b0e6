import { describe, expect, it } from 'vitest';
import { warningText } from '../src/output.js';

describe('warningText', () => {
  it('says which tool was left out and why', () => {
    expect(
      warningText({ kind: 'tool-rejected', tool: 'add', reason: 'its input schema is not an object' }),
    ).toBe('warning: the tool add is left out: its input schema is not an object');
  });

  it('names the notifications a server does not send', () => {
    expect(warningText({ kind: 'subscription-degraded', missing: { toolsListChanged: true } })).toBe(
      'warning: the server does not send toolsListChanged',
    );
  });

  it("gives the cache's and a session hook's error message", () => {
    expect(warningText({ kind: 'cache-failed', error: new Error('disk full') })).toBe(
      'warning: the response cache failed: disk full',
    );
    expect(warningText({ kind: 'hook-failed', error: 'boom' })).toBe(
      'warning: a client hook failed when the session ended: boom',
    );
    expect(
      warningText({
        kind: 'hook-failed',
        error: new Error('no logs'),
        notification: 'notifications/message',
      }),
    ).toBe('warning: a client hook failed on notifications/message, which was dropped: no logs');
  });
});
