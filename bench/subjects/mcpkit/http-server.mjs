// mcpkit HTTP server: `serveHttp` from @mcpkit/transport-http/node (its node:http adapter). Prints "listening <port>".
import { serveHttp } from '@mcpkit/transport-http/node';
import { exitWhenStdinCloses } from '../../lib/children.mjs';
import { toolCountFromArgv } from '../../lib/mcp-wire.mjs';
import { createEchoServer } from './server.mjs';

const { port } = await serveHttp(createEchoServer(toolCountFromArgv()), { port: 0 });
console.log(`listening ${port}`);
exitWhenStdinCloses();
