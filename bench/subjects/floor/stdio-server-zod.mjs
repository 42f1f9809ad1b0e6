// The floor's stdio server plus what the SDK subjects' apps bring with them: `zod`, the same two schemas
// built at load, and each echo call's arguments parsed by the echo schema, the answers to one chunk in one
// write as stdio-server.mjs does. No SDK: the cold-start and memory
// workloads read the SDKs' zod-declared servers against this one. Usage: node stdio-server-zod.mjs [--tools N]
import * as z from 'zod';
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { createAnswer } from './answer.mjs';

const echoInput = z.object({ text: z.string() });
z.object({ city: z.string().describe('City name'), days: z.number().int().min(1).optional() });
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
    if (line.length > 0) {
      const request = JSON.parse(line);
      if (request.method === 'tools/call' && request.params.name === 'echo') {
        request.params.arguments = echoInput.parse(request.params.arguments);
      }
      answers += `${answer(request)}\n`;
    }
    newline = text.indexOf('\n');
  }
  buffered = text;
  if (answers.length > 0) process.stdout.write(answers);
});
