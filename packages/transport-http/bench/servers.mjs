// The two servers compared by http-throughput.mjs, each run in its own process:
//   floor  — bare node:http: read the body, JSON.parse, answer the echo, one write.
//   mcpkit — createNodeHandler with an endpoint that decodes the envelope (@mcpkit/protocol) and
//            answers the same echo: every HTTP rule of the transport is on the path.
// Prints "listening <port>" once ready.
import { createServer } from 'node:http';
import { decodeMessage } from '@mcpkit/protocol';
import { createNodeHandler } from '../dist/node/index.js';

function answer(request) {
  return {
    jsonrpc: '2.0',
    id: request.id,
    result: { content: [{ type: 'text', text: request.params.arguments.text }] },
  };
}

const floor = (req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.stringify(answer(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
};

const endpoint = {
  async *handle(message) {
    const decoded = decodeMessage(message);
    if (!decoded.ok || decoded.kind !== 'request') throw new Error('bench: not a request');
    yield {
      ...answer(decoded.message),
      result: { ...answer(decoded.message).result, resultType: 'complete' },
    };
  },
};

const subject = process.argv[2];
const handler = subject === 'floor' ? floor : createNodeHandler(endpoint);
const server = createServer(handler);
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
