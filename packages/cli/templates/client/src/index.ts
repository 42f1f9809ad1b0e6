// `node dist/index.js http://127.0.0.1:3000/mcp` or `node dist/index.js node ../server/dist/index.js`:
// connects, prints the server's tools, and calls one when named with `--call <tool> <json arguments>`.
import { connect, listToolNames } from './connect.js';

const args = process.argv.slice(2);
const callAt = args.indexOf('--call');
const target = callAt === -1 ? args : args.slice(0, callAt);

const client = await connect(target);
try {
  if (callAt === -1) {
    for (const line of await listToolNames(client)) console.log(line);
  } else {
    const [tool, json] = args.slice(callAt + 1);
    if (tool === undefined) throw new Error('--call needs a tool name');
    const result = await client.callTool(tool, json ? JSON.parse(json) : {});
    console.log(JSON.stringify(result.structuredContent ?? result.content, null, 2));
    if (result.isError) process.exitCode = 1;
  }
} finally {
  await client.close();
}
