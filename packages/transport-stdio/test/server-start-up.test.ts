import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers/processes.js';

// An MCP server launched over stdio pays its start-up at every session, and it imports this package
// for `serveStdio`: the client's implementation (the child process, its restarts) must not load with
// it (docs/design/cold-start.md). The fixtures run the package as built from `src` by global-setup.ts.

const built = fileURLToPath(new URL('./fixtures/dist/', import.meta.url));
const register = fixture('start-up/register.mjs');
/** The client's class being defined, as esbuild writes it with or without minified whitespace. */
const CLIENT_CLASS = /class ChildProcessTransport\b|ChildProcessTransport ?= ?class\b/;

/** Runs the fixture server for one request; returns its stdout and the files it loaded. */
async function serveOneRequest(): Promise<{ stdout: string; loaded: string[] }> {
  const child = spawn(process.execPath, ['--import', register, fixture('server.mjs')], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: { text: 'hi' } })}\n`);
  await new Promise((resolve) => child.on('close', resolve));
  const loaded = stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded file:'))
    .map((line) => fileURLToPath(line.slice('loaded '.length)));
  return { stdout, loaded };
}

const holdsClient = (file: string) => CLIENT_CLASS.test(readFileSync(file, 'utf8'));

describe('start-up: what a stdio server loads of this package', () => {
  it('the build holds the client in a module of its own', () => {
    const modules = readdirSync(built).filter((name) => name.endsWith('.js'));
    expect(modules.filter((name) => holdsClient(`${built}${name}`))).toHaveLength(1);
  });

  it('serveStdio answering a request loads none of the client', async () => {
    const { stdout, loaded } = await serveOneRequest();
    expect(stdout).toContain('"id":1');
    expect(loaded).toContain(`${built}index.js`);
    expect(loaded.filter(holdsClient)).toEqual([]);
  });
});
