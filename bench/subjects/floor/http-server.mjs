// Floor HTTP server: bare node:http, parse the JSON body, answer JSON. Prints "listening <port>".
import { createServer } from 'node:http';
import { exitWhenStdinCloses } from '../../lib/children.mjs';
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { createAnswer } from './answer.mjs';

const answer = createAnswer(toolCountFromArgv());
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = answer(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
exitWhenStdinCloses();
