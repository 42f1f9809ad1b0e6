// Floor stdio server: newline-delimited JSON on stdin/stdout, hand-written. Usage: node stdio-server.mjs [--tools N]
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { createAnswer } from './answer.mjs';

const answer = createAnswer(toolCountFromArgv());
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  let text = buffered + chunk;
  let newline = text.indexOf('\n');
  while (newline !== -1) {
    const line = text.slice(0, newline);
    text = text.slice(newline + 1);
    if (line.length > 0) process.stdout.write(`${answer(JSON.parse(line))}\n`);
    newline = text.indexOf('\n');
  }
  buffered = text;
});
