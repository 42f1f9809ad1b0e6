// Floor stdio server: newline-delimited JSON on stdin/stdout, hand-written. Usage: node stdio-server.mjs [--tools N]
// The answers to one chunk's requests leave in one write: process.stdout on a pipe writes synchronously
// on Linux, one system call per write; one per answer halved this floor with 64 calls in flight.
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { createAnswer } from './answer.mjs';

const answer = createAnswer(toolCountFromArgv());
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  let text = buffered + chunk;
  let answers = '';
  let newline = text.indexOf('\n');
  while (newline !== -1) {
    const line = text.slice(0, newline);
    text = text.slice(newline + 1);
    if (line.length > 0) answers += `${answer(JSON.parse(line))}\n`;
    newline = text.indexOf('\n');
  }
  buffered = text;
  if (answers.length > 0) process.stdout.write(answers);
});
