// mcpkit HTTP server: `listen` from @mcpkit/transport-http/node (its node:http adapter). Prints "listening <port>".
import { listen } from '@mcpkit/transport-http/node';
import { exitWhenStdinCloses } from '../../lib/children.mjs';
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { createEchoServer } from './server.mjs';

const { port } = await listen(createEchoServer(toolCountFromArgv()), { port: 0 });
console.log(`listening ${port}`);
exitWhenStdinCloses();
