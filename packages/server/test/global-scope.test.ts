import { afterEach, describe, expect, it, vi } from 'vitest';
import { callWithTasks, taskServer } from './task-fixtures.js';

// Cloudflare Workers refuse random values in a module's global scope, where a server is usually
// built: building one draws none; they are drawn when a request needs them.

function refuseRandomValues() {
  const refused = () => {
    throw new Error('Disallowed operation called within global scope');
  };
  vi.spyOn(crypto, 'randomUUID').mockImplementation(refused);
  vi.spyOn(crypto, 'getRandomValues').mockImplementation(refused);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a server built where random values are refused', () => {
  it('with the tasks extension on, builds, and runs a task once requests come', async () => {
    refuseRandomValues();
    const { server } = taskServer();
    vi.restoreAllMocks();
    const { result } = await callWithTasks(server, 'slow', { label: 'a' });
    expect(result).toMatchObject({ resultType: 'task', status: 'working' });
  });
});
