// Runs the tracing example against an OTLP/HTTP receiver of its own and draws the trace it got:
// `node dist/otel-timeline.js out.svg` starts the receiver, the server (otel-server.js) and the
// client (otel-client.js), then writes the agent turn's trace as an SVG timeline.
import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { renderTimeline, type TimelineSpan } from './otel-timeline-svg.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  links?: unknown[];
}
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const KINDS = ['UNSPECIFIED', 'INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];
const received: (TimelineSpan & { traceId: string })[] = [];

/** An OTLP/HTTP JSON receiver: what the exporters post to /v1/traces. */
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody;
    for (const { resource, scopeSpans } of body.resourceSpans) {
      const service = resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
      for (const span of scopeSpans.flatMap((scope) => scope.spans)) {
        received.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || undefined,
          name: span.name,
          kind: KINDS[span.kind] ?? String(span.kind),
          service,
          startMs: Number(BigInt(span.startTimeUnixNano) / 1000n) / 1000,
          endMs: Number(BigInt(span.endTimeUnixNano) / 1000n) / 1000,
          links: span.links?.length ?? 0,
        });
      }
    }
    response.setHeader('content-type', 'application/json');
    response.end('{}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const env = {
  ...process.env,
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
  OTEL_BSP_SCHEDULE_DELAY: '50',
};
const program = (name: string) => fileURLToPath(new URL(`./${name}.js`, import.meta.url));

const server = spawn(process.execPath, [program('otel-server')], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const exited = new Promise((resolve) => server.once('exit', resolve));
const [url] = (await createInterface({ input: server.stdout })[Symbol.asyncIterator]().next()).value.split(
  ' ',
);
await promisify(execFile)(process.execPath, [program('otel-client'), url], { env });
server.kill('SIGTERM');
await exited;
receiver.close();

const turn = received.find((span) => span.name === 'agent turn');
if (turn === undefined) throw new Error(`No "agent turn" span among ${received.length} received`);
const trace = received.filter((span) => span.traceId === turn.traceId);
writeFileSync(
  process.argv[2] ?? 'otel-trace.svg',
  renderTimeline(trace, `One trace of the tracing example: ${trace.length} spans, two services`),
);
console.log(`${trace.length} spans of trace ${turn.traceId}`);
