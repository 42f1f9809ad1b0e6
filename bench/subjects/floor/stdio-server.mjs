// Floor stdio server: newline-delimited JSON on stdin/stdout, hand-written. Usage: node stdio-server.mjs [--tools N]
// The answers to one chunk's requests leave in one write: process.stdout on a pipe writes synchronously
// on Linux, one system call per write; one per answer halved this floor with 64 calls in flight. Lines are
// slices of the chunk's text, found by index: nothing after a line is copied to reach the next one.
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { createAnswer } from './answer.mjs';

const answer = createAnswer(toolCountFromArgv());
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const text = buffered.length > 0 ? buffered + chunk : chunk;
  let answers = '';
  let from = 0;
  let newline = text.indexOf('\n');
  while (newline !== -1) {
    if (newline > from) answers += `${answer(JSON.parse(text.slice(from, newline)))}\n`;
    from = newline + 1;
    newline = text.indexOf('\n', from);
  }
  buffered = from < text.length ? text.slice(from) : '';
  if (answers.length > 0) process.stdout.write(answers);
});
