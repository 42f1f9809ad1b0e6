// @mcpkit/otel against OpenTelemetry JS 3.x (API 1.10), which needs Node 22.15: this folder's
// sdk3/ is installed with npm ci, and its script runs on the Node 22 of conformance/node22.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the conformance runner, without types
import { ensureInstalled } from '../../../conformance/lib/install.mjs';
// @ts-expect-error: a plain ES module of the conformance runner, without types
import { findNode22 } from '../../../conformance/lib/suite.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

interface Run {
  node: string;
  result: unknown;
  spans: {
    name: string;
    kind: string;
    traceId: string;
    spanId: string;
    parentSpanId?: string;
    status: number;
    attributes: Record<string, unknown>;
  }[];
  metrics: { name: string; unit: string; attributes: Record<string, unknown>[] }[];
}

let run: Run;

beforeAll(() => {
  ensureInstalled(here('../../../conformance/node22'));
  ensureInstalled(here('./sdk3'));
  // The package as built, beside sdk3/node_modules, so it imports the 3.x SDK's API 1.10.
  mkdirSync(here('./sdk3/under-test'), { recursive: true });
  copyFileSync(here('../dist/index.js'), here('./sdk3/under-test/index.mjs'));
  const node = findNode22() as string | undefined;
  if (node === undefined) throw new Error('No Node 22: conformance/node22 did not install');
  const output = execFileSync(node, [here('./sdk3/run.mjs'), here('./sdk3/under-test/index.mjs')], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  run = JSON.parse(output) as Run;
}, 300_000);

describe('with OpenTelemetry JS 3.x on Node 22', () => {
  it('runs on Node 22.15 or newer', () => {
    const [major, minor] = run.node.slice(1).split('.').map(Number) as [number, number];
    expect(major > 22 || (major === 22 && minor >= 15)).toBe(true);
  });

  it('the server span is the child of the client span, across _meta', () => {
    const client = run.spans.find((span) => span.kind === 'CLIENT')!;
    const server = run.spans.find((span) => span.kind === 'SERVER')!;
    expect(client.name).toBe('tools/call echo');
    expect(server.name).toBe('tools/call echo');
    expect(server.traceId).toBe(client.traceId);
    expect(server.parentSpanId).toBe(client.spanId);
    expect(server.attributes).toMatchObject({ 'error.type': 'tool_error', 'jsonrpc.request.id': '7' });
    expect(server.status).toBe(2);
  });

  it('records both operation histograms in seconds', () => {
    expect(run.metrics.map(({ name, unit }) => ({ name, unit }))).toStrictEqual([
      { name: 'mcp.client.operation.duration', unit: 's' },
      { name: 'mcp.server.operation.duration', unit: 's' },
    ]);
    expect(run.metrics[1]!.attributes[0]).toMatchObject({
      'mcp.method.name': 'tools/call',
      'error.type': 'tool_error',
    });
  });
});
