import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe('node dist/main.js', { timeout: 60_000 }, () => {
  it('P-12: tours the everything server over stdio and HTTP (discover, request/response, MRTR, subscribe/notify), exits 0, leaves no server running', async () => {
    const child = spawn(process.execPath, [MAIN], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = await once(child, 'exit');
    expect(stderr).toBe('');
    expect(code).toBe(0);

    const [stdio, http] = stdout.split(/^2\. /m);
    for (const part of [stdio!, http!]) {
      expect(part).toMatch(/discover +mcpkit-everything-server 0\.0\.0, protocol 2026-07-28/);
      expect(part).toContain('add_numbers {"a":2,"b":3} -> "2 + 3 = 5", structured {"sum":5}');
      expect(part).toContain('test_tool_with_progress: 0% -> 50% -> 100% -> "Progress test completed"');
      expect(part).toContain('called test_trigger_tool_change -> notifications/tools/list_changed arrived');
    }
    expect(stdio).toMatch(/^1\. stdio: the client spawns node .*everything-server\/dist\/stdio\.js$/m);
    expect(stdio).toMatch(/tools\/list +\d+ tools: test_simple_text, /);
    expect(stdio).toContain('the server asked "What is your name?"; answered {"name":"Ada"}');
    expect(stdio).toContain('-> "Hello, Ada!"');
    expect(stdio).toContain(
      'test://static-text (text/plain): "This is the content of the static text resource."',
    );
    expect(stdout).toMatch(/^All 11 steps worked \(\d+\.\d s\)\./m);

    // The HTTP server the demo started is gone.
    const url = /started as dist\/http\.js at (\S+)/.exec(http!)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    await expect(fetch(url!, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
